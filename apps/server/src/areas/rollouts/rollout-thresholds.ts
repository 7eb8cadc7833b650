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

/** Why a wave's errors or tickets pause the rollout, or null. `ticketIds` name the tickets. */
export function breach(
  wave: WaveCounts,
  thresholds: RolloutThresholds,
  baselineRate: number | null,
  ticketIds: readonly number[],
): string | null {
  const staged = wave.staged - wave.ackStaged;
  if (staged <= 0) return null;
  const label = `Wave ${wave.index + 1}`;
  const of = sample(staged, wave.size - wave.ackStaged);
  const errors = wave.failed + wave.hung - wave.ackErrors;
  const errorShare = (errors / of) * 100;
  const since = wave.ackStaged > 0 ? ' since it was resumed' : '';
  if (errors > 0 && errorShare > thresholds.errorPercent) {
    return (
      `${label}: ${errors} of ${plural(staged, 'install')}${since} failed or hung ` +
      `(${wave.failed} failed, ${wave.hung} hung): ${pct(errorShare)} of ${plural(of, 'unit')}, ` +
      `above the ${pct(thresholds.errorPercent)} threshold.`
    );
  }
  const tickets = wave.tickets - wave.ackTickets;
  if (tickets <= 0) return null;
  const named = ticketIds.length > 0 ? ` (${ticketIds.map((id) => `#${id}`).join(', ')})` : '';
  const window = `within ${thresholds.ticketWindowHours} h of their update`;
  const ticketShare = (tickets / of) * 100;
  if (ticketShare > thresholds.ticketPercent) {
    return (
      `${label}: ${plural(tickets, 'support ticket')}${named} opened on ${plural(staged, 'updated unit')}${since} ` +
      `${window}: ${pct(ticketShare)} of ${plural(of, 'unit')}, above the ${pct(thresholds.ticketPercent)} threshold.`
    );
  }
  const factor = thresholds.ticketBaselineFactor;
  if (factor !== undefined && baselineRate !== null && tickets >= 2) {
    const rate = tickets / staged;
    if (rate > factor * baselineRate) {
      const times = baselineRate > 0 ? `${Math.round((rate / baselineRate) * 10) / 10} times` : 'far above';
      return (
        `${label}: ${plural(tickets, 'support ticket')}${named} opened on ${plural(staged, 'updated unit')}${since} ` +
        `${window}, ${times} the family's usual rate (the limit is ${factor} times).`
      );
    }
  }
  return null;
}

/**
 * Whether the wave succeeded: every unit of it that is online has been staged (`waiting`: some
 * connected unit is still pending), and of its units staged so far the share completed reached the
 * threshold. Units offline throughout do not hold it: they join late when they connect.
 */
export function succeeded(wave: WaveCounts, waiting: boolean): boolean {
  if (waiting) return false;
  if (wave.staged === 0) return wave.size - wave.skipped <= 0;
  return (wave.completed / wave.staged) * 100 >= wave.successThreshold;
}
