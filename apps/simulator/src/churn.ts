import type { TimerGroup, TimerHandle } from './clock.js';
import type { Prng } from './prng.js';

/**
 * The unit's next disconnect while online, `churn` times an hour on average: half leave cleanly
 * (switched off), half lose the line (the broker then sends the will); each is away 20 s to 5 min.
 * Null when the unit does not churn.
 */
export function scheduleChurn(
  timers: TimerGroup,
  prng: Prng,
  churn: number,
  drop: (offlineMs: number, mode: 'clean' | 'drop') => void,
): TimerHandle | null {
  if (churn <= 0) return null;
  return timers.after(prng.exponential(3_600_000 / churn), () => {
    drop(prng.int(20_000, 300_000), prng.chance(0.5) ? 'clean' : 'drop');
  });
}
