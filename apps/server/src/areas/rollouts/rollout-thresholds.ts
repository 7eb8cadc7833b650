import { ROLLOUT_MIN_SAMPLE, type RolloutThresholds } from '@ed/contract/rollouts';

export interface WaveCounts {
  index: number;
  size: number;
  successThreshold: number;
  staged: number;
  completed: number;
  failed: number;
  hung: number;
  skipped: number;
  tickets: number;
  /** The counts when a person last resumed the rollout: only what happened since counts. */
  ackStaged: number;
  ackErrors: number;
  ackTickets: number;
}

const pct = (n: number) => `${Math.round(n * 10) / 10} %`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Shares are of the wave's installs so far, but of no fewer than ROLLOUT_MIN_SAMPLE units (or
 * the whole wave, if smaller): the first failure of a large wave is not yet 100 %.
 */
const sample = (staged: number, size: number) => Math.max(staged, Math.min(size, ROLLOUT_MIN_SAMPLE));

/**
 * Why a wave's errors or tickets pause the rollout, or null. `ticketIds` name the tickets.
 * Since a resume, errors count against the installs tried since (and those that were in flight);
 * tickets against every unit the wave updated, since a ticket may come on any of them, whenever.
 */
export function breach(
  wave: WaveCounts,
  thresholds: RolloutThresholds,
  baselineRate: number | null,
  ticketIds: readonly number[],
): string | null {
  const label = `Wave ${wave.index + 1}`;
  const since = wave.ackStaged > 0 || wave.ackErrors > 0 || wave.ackTickets > 0 ? ' since it was resumed' : '';
  const errors = wave.failed + wave.hung - wave.ackErrors;
  if (errors > 0) {
    const tried = Math.max(wave.staged - wave.ackStaged, errors);
    const of = sample(tried, wave.size - wave.ackStaged);
    const errorShare = (errors / of) * 100;
    if (errorShare > thresholds.errorPercent) {
      return (
        `${label}: ${errors} of ${plural(tried, 'install')}${since} failed or hung ` +
        `(${wave.failed} failed, ${wave.hung} hung): ${pct(errorShare)} of ${plural(of, 'unit')}, ` +
        `above the ${pct(thresholds.errorPercent)} threshold.`
      );
    }
  }
  const tickets = wave.tickets - wave.ackTickets;
  if (tickets <= 0 || wave.staged <= 0) return null;
  const updated = wave.staged;
  const of = sample(updated, wave.size);
  const named = ticketIds.length > 0 ? ` (${ticketIds.map((id) => `#${id}`).join(', ')})` : '';
  const window = `within ${thresholds.ticketWindowHours} h of their update`;
  const ticketShare = (tickets / of) * 100;
  const opened = `${plural(tickets, 'support ticket')}${named} opened${since} on ${plural(updated, 'updated unit')}`;
  if (ticketShare > thresholds.ticketPercent) {
    return (
      `${label}: ${opened} ${window}: ${pct(ticketShare)} of ${plural(of, 'unit')}, ` +
      `above the ${pct(thresholds.ticketPercent)} threshold.`
    );
  }
  const factor = thresholds.ticketBaselineFactor;
  if (factor !== undefined && baselineRate !== null && tickets >= 2) {
    const rate = tickets / updated;
    if (rate > factor * baselineRate) {
      const times = baselineRate > 0 ? `${Math.round((rate / baselineRate) * 10) / 10} times` : 'far above';
      return `${label}: ${opened} ${window}, ${times} the family's usual rate (the limit is ${factor} times).`;
    }
  }
  return null;
}

/** Where a wave's units stand beyond its counters: still to try online, in flight, offline. */
export interface WaveActivity {
  /** A unit of the wave not tried yet (a connected one is staged by this round). */
  waiting: boolean;
  inFlight: number;
  offline: number;
}

export type WaveVerdict =
  | { kind: 'open' }
  | { kind: 'succeeded'; reason: string }
  /** Nothing left to try online and the share is below the threshold: it can never close alone. */
  | { kind: 'stuck'; reason: string };

/**
 * Whether the wave is done. It stays open while a unit of it is still to try or in flight. Then
 * it succeeded when the share of its staged units completed reached the threshold, or when no unit
 * could be staged at all (every one offline or skipped): offline units do not hold a wave, they
 * join it late when they connect. Otherwise it is stuck, and the reason says with what.
 */
export function judgeWave(wave: WaveCounts, activity: WaveActivity): WaveVerdict {
  if (activity.waiting || activity.inFlight > 0) return { kind: 'open' };
  const label = `Wave ${wave.index + 1}`;
  const offline = activity.offline > 0 ? `, ${activity.offline} offline` : '';
  const skipped = wave.skipped > 0 ? `, ${wave.skipped} skipped` : '';
  if (wave.staged === 0) {
    const none = wave.size - wave.skipped <= 0 ? 'had no unit to update' : 'had no unit online to update';
    return { kind: 'succeeded', reason: `${label} ${none} (${activity.offline} offline${skipped}).` };
  }
  const share = (wave.completed / wave.staged) * 100;
  if (share >= wave.successThreshold) {
    return {
      kind: 'succeeded',
      reason: `${label} reached ${wave.successThreshold} % (${wave.completed} of ${wave.staged} installed${offline}${skipped}).`,
    };
  }
  const errors = wave.hung > 0 ? `${wave.failed} failed, ${wave.hung} hung` : `${wave.failed} failed`;
  return {
    kind: 'stuck',
    reason:
      `${label} cannot reach ${wave.successThreshold} %: ${wave.completed} of ${plural(wave.staged, 'install')} ` +
      `succeeded (${pct(share)}), ${errors}${offline}${skipped}. Skip its offline units, lower its threshold, ` +
      'or cancel the rollout.',
  };
}
