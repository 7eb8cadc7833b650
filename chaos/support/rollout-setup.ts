import { writePackage } from '../../apps/server/test/support/packages.js';
import type { ConsoleClient } from './console-client.js';
import { INSTALL_SECONDS, ROLLOUT_SPAN_SECONDS, ROLLOUT_VERSION } from './settings.js';

const FAMILY = 'aligner';
/** Staging needs this version or later on an aligner (part 1 §4). */
const STAGEABLE_FROM = [4, 0, 0];

const parts = (version: string) => version.split('.').map(Number);
const atLeast = (version: string, floor: number[]) => {
  const v = parts(version);
  for (let i = 0; i < floor.length; i += 1) {
    if ((v[i] ?? 0) !== floor[i]) return (v[i] ?? 0) > floor[i]!;
  }
  return true;
};

/** The units a rollout of the aligners' new version can stage: aligners on 4.0.0 or later. */
export function rolloutTargets(units: { serialNumber: string; family: string; version: string | null }[]): string[] {
  return units
    .filter((u) => u.family === FAMILY && u.version !== null && atLeast(u.version, STAGEABLE_FROM))
    .map((u) => u.serialNumber);
}

/** Writes the package into the instances' shared UPDATES_DIR and publishes it through the console. */
export async function publishUpdate(client: ConsoleClient, updatesDir: string): Promise<void> {
  const folder = `${FAMILY}-${ROLLOUT_VERSION}`;
  await writePackage(updatesDir, folder, { semantic: ROLLOUT_VERSION, family: FAMILY });
  // Through the balancer the two calls reach two instances: the folder is where both look.
  await client.json('POST', '/validate_software_update_at_path/v1', { updatePath: folder });
  await client.json('POST', '/create/update/v1', {
    version: { semantic: ROLLOUT_VERSION },
    family: FAMILY,
    path: folder,
  });
}

/** "Offline for 1 hour", an hour being ALARM_HOUR_MS here: raised a few seconds into an outage. */
export async function createOfflineRule(client: ConsoleClient): Promise<number> {
  const rule = await client.json<{ id: number }>('POST', '/create/alarm_rule/v1', {
    name: 'Offline for 1 hour',
    severity: 'major',
    condition: { kind: 'offline', hours: 1 },
  });
  return rule.id;
}

/**
 * Starts a rollout to `serialNumbers` in three waves that advance by themselves: no gate, and
 * thresholds that never pause it. Its slots are sized so that it runs through the faults.
 */
export async function startRollout(client: ConsoleClient, serialNumbers: string[]): Promise<number> {
  const slots = Math.max(1, Math.ceil((serialNumbers.length * INSTALL_SECONDS) / ROLLOUT_SPAN_SECONDS));
  const rollout = await client.json<{ id: number; state: string }>('POST', '/create/rollout/v1', {
    name: `Chaos to ${ROLLOUT_VERSION}`,
    family: FAMILY,
    version: ROLLOUT_VERSION,
    target: { kind: 'serials', serialNumbers },
    waves: [
      { percent: 10, successThreshold: 50 },
      { percent: 40, successThreshold: 50 },
      { rest: true, successThreshold: 50 },
    ],
    thresholds: { errorPercent: 100, hungAfterMinutes: 120, ticketPercent: 100, ticketWindowHours: 48 },
    slots,
    start: true,
  });
  if (rollout.state !== 'running') throw new Error(`the rollout is ${rollout.state}, not running`);
  return rollout.id;
}
