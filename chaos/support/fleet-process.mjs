// The simulated fleet in a process of its own (forked by fleet.ts), answering the parent over IPC:
// what each unit holds (its truth), and the flapping and leaving units of the schedule.
import { once, setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFleet } from '../../apps/simulator/dist/fleet.js';
import { FleetObserver } from './fleet-observer.mjs';

const options = JSON.parse(process.argv[2]);
const fleet = startFleet({
  ...options,
  offlineShare: 0,
  churn: 0,
  // No update staged by the units themselves: only the rollout's stages count.
  pendingShare: 0,
  activity: false,
  seed: 23,
});
const observer = new FleetObserver();
for (const unit of fleet.units) observer.watch(unit);
const bySerial = new Map(fleet.units.map((unit) => [unit.serialNumber, unit]));
const unitOf = (serialNumber) => {
  const unit = bySerial.get(serialNumber);
  if (!unit) throw new Error(`no unit ${serialNumber}`);
  return unit;
};
const between = ([low, high]) => low + Math.random() * (high - low);

/** Every flapper's waits listen to one signal. */
const flappingController = () => {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
};
let flapping = flappingController();
const flaps = [];

/** Online for a while, then offline for a while (a clean goodbye or a dropped line in turn), until calmed. */
async function flap(unit, { onlineMs, offlineMs }, signal) {
  for (let round = 0; !signal.aborted; round += 1) {
    await sleep(between(onlineMs), undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    const back = once(unit, 'online');
    await unit.dropFor(between(offlineMs), round % 2 === 0 ? 'clean' : 'drop');
    await back;
  }
}

const ops = {
  ready: async () => {
    await fleet.ready;
    return fleet.units.length;
  },
  profiles: async () =>
    fleet.units.map((unit) => ({
      serialNumber: unit.serialNumber,
      family: unit.profile.family,
      version: unit.state.version?.semantic ?? null,
    })),
  presence: async () => fleet.units.map((unit) => observer.presence(unit)),
  truth: async () => fleet.units.map((unit) => observer.truth(unit)),
  flap: async ({ serialNumbers, onlineMs, offlineMs }) => {
    for (const serial of serialNumbers) flaps.push(flap(unitOf(serial), { onlineMs, offlineMs }, flapping.signal));
    return serialNumbers.length;
  },
  /** Ends the flapping; resolves once every flapper is back online (or a minute has passed). */
  calm: async () => {
    flapping.abort();
    await Promise.race([Promise.all(flaps.splice(0)), sleep(60_000)]);
    flapping = flappingController();
    return true;
  },
  /** The units' lines drop and they never come back: the broker sends their wills. */
  leave: async ({ serialNumbers }) => {
    for (const serial of serialNumbers) await unitOf(serial).dropFor(2 ** 31 - 1, 'drop');
    return serialNumbers.length;
  },
  stop: async () => {
    flapping.abort();
    await fleet.stop();
    return true;
  },
};

process.on('message', (message) => {
  const { id, op, args } = message;
  ops[op](args).then(
    (result) => process.send({ id, result }),
    (error) => process.send({ id, error: error.message }),
  );
});
process.send({ id: 0, result: 'started' });
