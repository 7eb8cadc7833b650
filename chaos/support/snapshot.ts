import type { Cluster } from './cluster.js';
import type { UnitTruth } from './fleet.js';
import { rows } from './services.js';
import { ROLLOUT_VERSION } from './settings.js';

/** A unit as the console holds it. */
export interface ConsoleUnit {
  connected: boolean;
  connectCount: number;
  version: string | null;
  updateState: string | null;
}

export interface RolloutView {
  state: string;
  total: number;
  completed: number;
  failed: number;
  hung: number;
  pausedReason: string | null;
}

/** Everything the checker compares, read at the end of the schedule. */
export interface Snapshot {
  /** When the fleet's truth was read (ms since the epoch). */
  takenAt: number;
  truth: UnitTruth[];
  units: Map<string, ConsoleUnit>;
  rollout: RolloutView;
  /** The rollout's members (fixed at its start) and their state in it. */
  members: Member[];
  /** When each alarm of the offline rule was raised, by unit (ms since the epoch). */
  alarms: Map<string, number[]>;
  /** "… not stored" error lines, by instance: how many, and the first few. */
  notStored: Record<string, { count: number; lines: string[]; other: number }>;
}

export interface Member {
  serialNumber: string;
  state: string;
  reason: string | null;
  stagedAt: Date | null;
  /** A member set aside while offline is looked at again then. */
  retryAt: Date | null;
}

export async function consoleUnits(cluster: Cluster): Promise<Map<string, ConsoleUnit>> {
  const found = await rows<{
    serial_number: string;
    connected: boolean;
    connect_count: number;
    version_semantic: string | null;
    update_state: string | null;
  }>(
    cluster.services.pool,
    `select e.serial_number, l.connected, l.connect_count, e.version_semantic, l.update_state->>'state' as update_state
     from equipment e join equipment_live l on l.equipment_id = e.id`,
  );
  return new Map(
    found.map((r) => [
      r.serial_number,
      {
        connected: r.connected,
        connectCount: r.connect_count,
        version: r.version_semantic,
        updateState: r.update_state,
      },
    ]),
  );
}

function readRollout(cluster: Cluster, id: number): Promise<RolloutView> {
  return cluster.console.json<RolloutView>('GET', `/read/rollout/v1?id=${id}`);
}

/**
 * Polls until the rollout has completed and every member reports the version in the console, or
 * the deadline passes; answers the rollout's last state.
 */
export async function deliveryOutcome(cluster: Cluster, id: number, deadlineMs: number): Promise<RolloutView> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const rollout = await readRollout(cluster, id);
    const [behind] = await rows<{ n: number }>(
      cluster.services.pool,
      `select count(*)::int as n from rollout_units ru join equipment e on e.serial_number = ru.serial_number
       where ru.rollout_id = $1 and e.version_semantic is distinct from $2`,
      [id, ROLLOUT_VERSION],
    );
    const delivered = rollout.state === 'completed' && behind?.n === 0;
    if (delivered || rollout.state === 'cancelled' || Date.now() > until) return rollout;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export async function takeSnapshot(
  cluster: Cluster,
  ids: { rolloutId: number; ruleId: number },
  rollout: RolloutView,
): Promise<Snapshot> {
  const { pool } = cluster.services;
  const takenAt = Date.now();
  const [truth, units, members, alarmRows] = await Promise.all([
    cluster.fleet.truth(),
    consoleUnits(cluster),
    rows<Member>(
      pool,
      `select serial_number as "serialNumber", state, reason, staged_at as "stagedAt", retry_at as "retryAt"
       from rollout_units where rollout_id = $1`,
      [ids.rolloutId],
    ),
    rows<{ serial_number: string; raised_at: Date }>(
      pool,
      `select e.serial_number, a.raised_at from alarms a join equipment e on e.id = a.equipment_id
       where a.rule_id = $1 order by a.raised_at`,
      [ids.ruleId],
    ),
  ]);
  const alarms = new Map<string, number[]>();
  for (const a of alarmRows)
    alarms.set(a.serial_number, [...(alarms.get(a.serial_number) ?? []), a.raised_at.getTime()]);
  const notStored = Object.fromEntries(
    cluster.instances.map((i) => [i.name, { count: i.notStored, lines: i.notStoredLines, other: i.otherNotStored }]),
  );
  return { takenAt, truth, units, rollout, members, alarms, notStored };
}
