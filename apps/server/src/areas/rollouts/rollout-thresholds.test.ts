import { describe, expect, it } from 'vitest';
import { rolloutThresholdsSchema } from '@ed/contract/rollouts';
import { breach, judgeWave, type WaveCounts } from './rollout-thresholds.js';

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

describe('judgeWave', () => {
  const quiet = { waiting: false, inFlight: 0, offline: 0 };
  it('stays open while a unit is still to try or in flight', () => {
    expect(judgeWave(wave({ size: 10, staged: 9, completed: 9 }), { ...quiet, waiting: true })).toEqual({
      kind: 'open',
    });
    expect(judgeWave(wave({ size: 10, staged: 9, completed: 2 }), { ...quiet, inFlight: 7 })).toEqual({ kind: 'open' });
  });
  it('succeeds on the share of its staged units, and says so', () => {
    expect(judgeWave(wave({ size: 10, staged: 9, completed: 9 }), { ...quiet, offline: 1 })).toEqual({
      kind: 'succeeded',
      reason: 'Wave 1 reached 90 % (9 of 9 installed, 1 offline).',
    });
  });
  it('goes on when no unit could be staged: offline units do not hold a wave', () => {
    expect(judgeWave(wave({ size: 12, skipped: 3 }), { ...quiet, offline: 9 })).toEqual({
      kind: 'succeeded',
      reason: 'Wave 1 had no unit online to update (9 offline, 3 skipped).',
    });
    expect(judgeWave(wave({ size: 3, skipped: 3 }), quiet).kind).toBe('succeeded');
  });
  it('is stuck when nothing is left to try and the share is below the threshold, naming what it has', () => {
    expect(judgeWave(wave({ size: 3, staged: 2, completed: 1, failed: 1 }), { ...quiet, offline: 1 })).toEqual({
      kind: 'stuck',
      reason:
        'Wave 1 cannot reach 90 %: 1 of 2 installs succeeded (50 %), 1 failed, 1 offline. ' +
        'Skip its offline units, lower its threshold, or cancel the rollout.',
    });
  });
});

describe('breach after a resume', () => {
  it('counts a ticket on a unit updated before the resume, though nothing was staged since', () => {
    const resumed = wave({ size: 3, staged: 2, completed: 1, failed: 1, ackStaged: 2, ackErrors: 1, tickets: 1 });
    expect(breach(resumed, thresholds, null, [9])).toBe(
      'Wave 1: 1 support ticket (#9) opened since it was resumed on 2 updated units within 48 h of their update: ' +
        '33.3 % of 3 units, above the 2 % threshold.',
    );
  });
  it('counts an install that fails after the resume, though it was staged before', () => {
    const resumed = wave({ size: 20, staged: 10, failed: 3, ackStaged: 10, ackErrors: 1 });
    expect(breach(resumed, thresholds, null, [])).toBe(
      'Wave 1: 2 of 2 installs since it was resumed failed or hung (3 failed, 0 hung): 20 % of 10 units, above the 10 % threshold.',
    );
  });
});
