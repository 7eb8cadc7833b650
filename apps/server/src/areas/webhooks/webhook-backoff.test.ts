import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, nextAttemptAt, RETRY_WINDOW_MS } from './webhook-backoff.js';

const start = new Date('2026-11-28T00:00:00Z');
const middle = () => 0.5;
const waitAfter = (attempts: number, random = middle, now = start) =>
  (nextAttemptAt({ attempts, firstAttemptAt: start, now, baseMs: 30_000, random })?.getTime() ?? NaN) - now.getTime();

describe('webhook retries', () => {
  it('wait 30 s after the first failure and double after each', () => {
    expect([1, 2, 3, 4, 5].map((n) => waitAfter(n))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never wait more than an hour', () => {
    expect(waitAfter(8)).toBe(MAX_RETRY_DELAY_MS);
    expect(waitAfter(200)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('move each wait by up to a fifth either way', () => {
    expect(waitAfter(1, () => 0)).toBe(24_000);
    expect(waitAfter(1, () => 1)).toBe(36_000);
  });

  it('stop a day after the first attempt: the delivery has then failed', () => {
    const late = new Date(start.getTime() + RETRY_WINDOW_MS - 10 * 60_000);
    expect(nextAttemptAt({ attempts: 20, firstAttemptAt: start, now: late, baseMs: 30_000, random: middle })).toBe(
      null,
    );
    const earlier = new Date(start.getTime() + RETRY_WINDOW_MS - 2 * MAX_RETRY_DELAY_MS);
    expect(
      nextAttemptAt({ attempts: 20, firstAttemptAt: start, now: earlier, baseMs: 30_000, random: middle }),
    ).toEqual(new Date(earlier.getTime() + MAX_RETRY_DELAY_MS));
  });
});
