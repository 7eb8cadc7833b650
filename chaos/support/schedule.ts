import type { Cluster } from './cluster.js';
import { SCHEDULE, restartExited } from './faults.js';
import { measureConvergence, miscounted, presenceDiff, wrongCount, type PresenceDiff } from './presence.js';
import { createOfflineRule, publishUpdate, rolloutTargets, startRollout } from './rollout-setup.js';
import {
  CONVERGE_BOUND_SECONDS,
  FLAP_OFFLINE_MS,
  FLAP_ONLINE_MS,
  FLAPPERS,
  LAST_FAULT_BOUND_SECONDS,
  LEAVERS,
  ROLLOUT_DEADLINE_MS,
} from './settings.js';
import type { FaultResult } from './checks.js';
import { consoleUnits, deliveryOutcome, takeSnapshot, type Snapshot } from './snapshot.js';

/** How long the end waits for the console to agree with the calmed fleet before it is compared. */
const FINAL_AGREEMENT_MS = 15_000;

export interface Outcome {
  faults: FaultResult[];
  /** Presence once the flapping stopped and the fleet is still. */
  finalPresence: PresenceDiff;
  snapshot: Snapshot;
  /** Seconds waited for the rollout after the last fault. */
  rolloutWaitSeconds: number;
}

/**
 * The tier's run: the update published, the alarm rule and the rollout started through the
 * console, units flapping, then each fault of the schedule followed by a measurement of how long
 * presence takes to be right again; at the end the rollout's outcome and a snapshot of everything.
 */
export async function runSchedule(cluster: Cluster, log: (line: string) => void): Promise<Outcome> {
  const start = Date.now();
  const say = (line: string) => log(`${Math.round((Date.now() - start) / 1000)} s: ${line}`);
  const profiles = await cluster.fleet.profiles();
  // Flappers and leavers come from the families the rollout does not target: its members stay online.
  const others = profiles.filter((p) => p.family !== 'aligner').map((p) => p.serialNumber);
  const flappers = others.slice(0, FLAPPERS);
  const leavers = others.slice(FLAPPERS, FLAPPERS + LEAVERS);
  const targets = rolloutTargets(profiles);
  const ruleId = await createOfflineRule(cluster.console);
  // The rollout starts right after the version is published: until it runs, the update scheduler
  // may stage the version itself (those units are then told by it, which the checks accept).
  await publishUpdate(cluster.console, cluster.updatesDir);
  const rolloutId = await startRollout(cluster.console, targets);
  await cluster.fleet.flap(flappers, FLAP_ONLINE_MS, FLAP_OFFLINE_MS);
  say(`rollout ${rolloutId} of ${targets.length} units started; ${flappers.length} units flapping`);

  const faults: FaultResult[] = [];
  const counted = new Set<string>();
  for (const [i, fault] of SCHEDULE.entries()) {
    const began = Date.now();
    await fault.run(cluster, { leavers, flappers });
    const exited = await restartExited(cluster);
    const ended = Date.now();
    const convergence = await measureConvergence(cluster, ended);
    const boundSeconds = i === SCHEDULE.length - 1 ? LAST_FAULT_BOUND_SECONDS : CONVERGE_BOUND_SECONDS;
    // Connect counts that went wrong in this fault: the message names the fault after which it happened.
    const newlyMiscounted = (await miscounted(cluster).catch(() => [])).filter((serial) => !counted.has(serial));
    for (const serial of newlyMiscounted) counted.add(serial);
    faults.push({ name: fault.name, began, ended, convergence, boundSeconds, exited, newlyMiscounted });
    const took = convergence.seconds === null ? 'did not converge' : `converged in ${convergence.seconds} s`;
    say(`${fault.name} (${Math.round((ended - began) / 1000)} s): ${took}`);
  }

  const lastFault = Date.now();
  const rollout = await deliveryOutcome(cluster, rolloutId, ROLLOUT_DEADLINE_MS);
  const rolloutWaitSeconds = Math.round((Date.now() - lastFault) / 1000);
  say(`rollout ${rollout.state}, waited ${rolloutWaitSeconds} s after the last fault for it and its members`);
  await cluster.fleet.calm();
  const finalPresence = await untilAgreed(cluster);
  const snapshot = await takeSnapshot(cluster, { rolloutId, ruleId }, rollout);
  return { faults, finalPresence, snapshot, rolloutWaitSeconds };
}

/**
 * The fleet is still now (no flapping, no fault): waits until the console shows every unit as it
 * is, reports included, or FINAL_AGREEMENT_MS passes; answers the presence then.
 */
async function untilAgreed(cluster: Cluster): Promise<PresenceDiff> {
  const until = Date.now() + FINAL_AGREEMENT_MS;
  for (;;) {
    const diff = await presenceDiff(cluster, 0);
    const [truth, held] = await Promise.all([cluster.fleet.truth(), consoleUnits(cluster)]);
    const reportsAgree = truth.every((t) => {
      const unit = held.get(t.serialNumber);
      return unit?.version === t.version && unit.updateState === t.updateState;
    });
    if ((wrongCount(diff) === 0 && !diff.unreadable && reportsAgree) || Date.now() > until) return diff;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
