import { describe, expect, it } from 'vitest';
import { rolloutThresholdsSchema } from '@ed/contract/rollouts';
import { breach, succeeded, type WaveCounts } from './rollout-thresholds.js';

const thresholds = rolloutThresholdsSchema.parse({});
const wave = (over: Partial<WaveCounts>): WaveCounts => ({
  index: 0,
  size: 100,
  successThreshold: 90,
  staged: 0,
  completed: 0,
  failed: 0,
  hung: 0,
  skipped: 0,
  tickets: 0,
  ackStaged: 0,
  ackErrors: 0,
  ackTickets: 0,
  ...over,
});

describe('breach', () => {
  it('counts a small start as a share of at least 10 units', () => {
    expect(breach(wave({ staged: 2, failed: 1 }), thresholds, null, [])).toBeNull();
    expect(breach(wave({ staged: 2, failed: 1, hung: 1 }), thresholds, null, [])).toBe(
      'Wave 1: 2 of 2 installs failed or hung (1 failed, 1 hung): 20 % of 10 units, above the 10 % threshold.',
    );
    expect(breach(wave({ staged: 10, failed: 1, hung: 1 }), thresholds, null, [])).toBe(
      'Wave 1: 2 of 10 installs failed or hung (1 failed, 1 hung): 20 % of 10 units, above the 10 % threshold.',
    );
  });
  it('a wave smaller than 10 is its own sample; 0 % pauses at the first failure', () => {
    const tiny = wave({ size: 2, staged: 1, failed: 1 });
    expect(breach(tiny, { ...thresholds, errorPercent: 40 }, null, [])).toMatch(/: 50 % of 2 units, above the 40 %/);
    expect(breach(tiny, { ...thresholds, errorPercent: 50 }, null, [])).toBeNull();
    expect(breach(wave({ staged: 50, failed: 1 }), { ...thresholds, errorPercent: 0 }, null, [])).toMatch(
      /above the 0 %/,
    );
    expect(breach(wave({ staged: 50, failed: 50 }), { ...thresholds, errorPercent: 100 }, null, [])).toBeNull();
  });
  it('names the tickets, and counts only what happened since a resume', () => {
    const spiked = wave({ index: 1, staged: 20, tickets: 2 });
    expect(breach(spiked, thresholds, null, [41, 42])).toBe(
      'Wave 2: 2 support tickets (#41, #42) opened on 20 updated units within 48 h of their update: 10 % of 20 units, above the 2 % threshold.',
    );
    expect(breach({ ...spiked, ackStaged: 20, ackTickets: 2 }, thresholds, null, [])).toBeNull();
    expect(
      breach({ ...spiked, staged: 30, failed: 3, ackStaged: 20, ackErrors: 0, ackTickets: 2 }, thresholds, null, []),
    ).toBe(
      'Wave 2: 3 of 10 installs since it was resumed failed or hung (3 failed, 0 hung): 30 % of 10 units, above the 10 % threshold.',
    );
  });
  it('compares tickets with the family’s usual rate when asked', () => {
    const factor = { ...thresholds, ticketPercent: 100, ticketBaselineFactor: 3 };
    const w = wave({ staged: 100, tickets: 2 });
    expect(breach(w, factor, 0.01, [7, 8])).toBeNull();
    expect(breach(w, factor, 0.005, [7, 8])).toBe(
      "Wave 1: 2 support tickets (#7, #8) opened on 100 updated units within 48 h of their update, 4 times the family's usual rate (the limit is 3 times).",
    );
  });
});

describe('succeeded', () => {
  it('is the share of the staged units, once every connected unit of the wave is staged', () => {
    expect(succeeded(wave({ size: 10, staged: 9, completed: 8 }), false)).toBe(false);
    expect(succeeded(wave({ size: 10, staged: 9, completed: 9 }), false)).toBe(true);
    expect(succeeded(wave({ size: 10, staged: 9, completed: 9 }), true)).toBe(false);
    expect(succeeded(wave({ size: 3, skipped: 3 }), false)).toBe(true);
    expect(succeeded(wave({ size: 3 }), false)).toBe(false);
  });
});
