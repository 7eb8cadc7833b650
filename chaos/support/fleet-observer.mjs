// What the harness sees of each unit from outside, beside what the unit says of itself
// (`SimulatedUnit.truth()`): when it went offline (the alarms' episodes), when its presence last
// changed, and when its version or update state last changed (a report on its way is no loss).

const reportedOf = (state) => [state?.version?.semantic, state?.updateState?.state].join();

export class FleetObserver {
  #seen = new Map();

  /** Starts watching a unit; call before it connects. */
  watch(unit) {
    if (typeof unit.truth !== 'function') {
      throw new Error('the simulator has no SimulatedUnit.truth(): build it again (npm run build)');
    }
    const seen = { offlineAt: [], changedAt: Date.now(), stateChangedAt: Date.now() };
    this.#seen.set(unit, seen);
    unit.on('online', () => {
      seen.changedAt = Date.now();
    });
    unit.on('offline', () => {
      seen.offlineAt.push(Date.now());
      seen.changedAt = Date.now();
    });
    let reported = reportedOf(unit.state);
    unit.on('state', () => {
      // Progress within one update state is no change here: only what the checker compares.
      const now = reportedOf(unit.state);
      if (now !== reported) seen.stateChangedAt = Date.now();
      reported = now;
    });
  }

  /** The unit's presence, when it last changed, and its connections so far, for the polls after each fault. */
  presence(unit) {
    return [unit.serialNumber, unit.online, this.#seen.get(unit).changedAt, unit.truth().connections];
  }

  /** The unit's own truth, with what the harness saw of it. */
  truth(unit) {
    const { offlineAt, changedAt, stateChangedAt } = this.#seen.get(unit);
    return { ...unit.truth(), family: unit.profile.family, offlineAt: [...offlineAt], changedAt, stateChangedAt };
  }
}
