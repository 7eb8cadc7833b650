import type { Cluster } from './cluster.js';
import { CONVERGE_LIMIT_MS, OBSERVE_MS, SETTLE_MS, STABLE_MS } from './settings.js';
import { rows } from './services.js';

/** Units the console shows wrongly: offline while they hold a connection, or online while they do not. */
export interface PresenceDiff {
  shownOffline: string[];
  shownOnline: string[];
  /** The console could not be read (its database is down). */
  unreadable?: string;
}

export interface Convergence {
  /** Seconds from the fault's end until the console showed the fleet as it is, for good; null: never. */
  seconds: number | null;
  /** What was wrong the last time it was wrong. */
  last: PresenceDiff;
}

export const wrongCount = (diff: PresenceDiff) => diff.shownOffline.length + diff.shownOnline.length;

/** The console's presence and connect count, unit by unit, read where it keeps them. */
async function consolePresence(cluster: Cluster): Promise<Map<string, { connected: boolean; count: number }>> {
  const found = await rows<{ serial_number: string; connected: boolean; connect_count: number }>(
    cluster.services.pool,
    'select e.serial_number, l.connected, l.connect_count from equipment e join equipment_live l on l.equipment_id = e.id',
  );
  return new Map(found.map((r) => [r.serial_number, { connected: r.connected, count: r.connect_count }]));
}

/**
 * The console against the fleet now. A unit whose connection changed in the last SETTLE_MS is
 * left out: its message may be on its way, which is no fault.
 */
export async function presenceDiff(cluster: Cluster, settleMs = SETTLE_MS): Promise<PresenceDiff> {
  const [fleet, shown] = await Promise.all([
    cluster.fleet.presence(),
    consolePresence(cluster).catch((err: unknown) => (err as Error).message),
  ]);
  if (typeof shown === 'string') return { shownOffline: [], shownOnline: [], unreadable: shown };
  const now = Date.now();
  const diff: PresenceDiff = { shownOffline: [], shownOnline: [] };
  for (const [serial, online, changedAt] of fleet) {
    if (now - changedAt < settleMs || (shown.get(serial)?.connected ?? false) === online) continue;
    (online ? diff.shownOffline : diff.shownOnline).push(serial);
  }
  return diff;
}

/** Units whose connect count the console holds wrong now (those whose connection just changed aside). */
export async function miscounted(cluster: Cluster): Promise<string[]> {
  const [fleet, shown] = await Promise.all([cluster.fleet.presence(), consolePresence(cluster)]);
  const now = Date.now();
  return fleet
    .filter(([serial, , changedAt, connections]) => {
      return now - changedAt >= SETTLE_MS && (shown.get(serial)?.count ?? 0) !== connections;
    })
    .map(([serial]) => serial);
}

/**
 * Polls once a second from the fault's end: the time until the console equals the fleet and
 * stays so (STABLE_MS), watched at least OBSERVE_MS so that a loss that shows late (a sweep of
 * units whose beats were lost) is seen, and at most CONVERGE_LIMIT_MS.
 */
export async function measureConvergence(cluster: Cluster, since: number): Promise<Convergence> {
  let equalSince: number | null = null;
  let last: PresenceDiff = { shownOffline: [], shownOnline: [] };
  for (;;) {
    const polled = Date.now();
    const diff = await presenceDiff(cluster);
    const equal = wrongCount(diff) === 0 && !diff.unreadable;
    if (!equal) {
      last = diff;
      equalSince = null;
    } else equalSince ??= polled;
    const now = Date.now();
    if (equalSince !== null && now - since >= OBSERVE_MS && now - equalSince >= STABLE_MS) break;
    if (now - since >= CONVERGE_LIMIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, polled + 1_000 - Date.now())));
  }
  return { seconds: equalSince === null ? null : Math.round((equalSince - since) / 100) / 10, last };
}
