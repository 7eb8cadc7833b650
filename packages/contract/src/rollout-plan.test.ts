import { describe, expect, it } from 'vitest';
import { dayLoadColor, planDays, waveSizes, wavesFromDays } from './rollout-plan.js';
import { waveSpecSchema } from './rollouts.js';

const waves = (...specs: object[]) => specs.map((s) => waveSpecSchema.parse(s));

describe('waveSizes', () => {
  it('rounds percents up and gives the rest to the last wave', () => {
    expect(waveSizes(1000, waves({ percent: 1 }, { percent: 10 }, { rest: true }))).toEqual({
      sizes: [10, 100, 890],
      problem: null,
    });
    expect(waveSizes(7, waves({ percent: 10 }, { count: 2 }, { rest: true })).sizes).toEqual([1, 2, 4]);
  });
  it('refuses waves that do not cover the target, an empty target, and an empty wave', () => {
    expect(waveSizes(300, waves({ percent: 10 }, { count: 20 })).problem).toBe(
      "The waves cover 50 of the target's 300 units; add a wave or end with “the rest”.",
    );
    expect(waveSizes(0, waves({ rest: true })).problem).toBe('The target has no units that need this version.');
    expect(waveSizes(5, waves({ count: 5 }, { rest: true })).problem).toBe(
      'Wave 2 would be empty: the waves before it cover the target.',
    );
    expect(waveSizes(5, waves({ rest: true }, { count: 1 })).problem).toBe(
      'Only the last wave may be “the rest” (wave 1 is).',
    );
  });
  it('a wave has exactly one size', () => {
    expect(waveSpecSchema.safeParse({ percent: 5, count: 3 }).success).toBe(false);
    expect(waveSpecSchema.safeParse({}).success).toBe(false);
    expect(waveSpecSchema.safeParse({ percent: 0 }).success).toBe(false);
  });
});

describe('planDays', () => {
  it('fills working days up to the capacity left after what is due already', () => {
    // 2031-03-14 is a Friday: the weekend is skipped; Monday has 3 scheduled already.
    const days = planDays({
      total: 12,
      startDay: '2031-03-14',
      perDay: 5,
      workingDays: [1, 2, 3, 4, 5],
      existing: { '2031-03-17': 3 },
    });
    expect(days).toEqual([
      { day: '2031-03-14', planned: 5, existing: 0 },
      { day: '2031-03-17', planned: 2, existing: 3 },
      { day: '2031-03-18', planned: 5, existing: 0 },
    ]);
    expect(wavesFromDays(days).map((w) => w.count ?? 'rest')).toEqual([5, 2, 'rest']);
  });
  it('a full day stays in the plan with nothing planned, and the plan moves on', () => {
    expect(planDays({ total: 1, startDay: '2031-03-10', perDay: 2, existing: { '2031-03-10': 4 } })).toEqual([
      { day: '2031-03-10', planned: 0, existing: 4 },
      { day: '2031-03-11', planned: 1, existing: 0 },
    ]);
  });
});

describe('dayLoadColor', () => {
  it('uses the spec colours, or scales to the capacity', () => {
    expect([10, 11, 20, 21].map((n) => dayLoadColor(n))).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect([200, 201, 400, 401].map((n) => dayLoadColor(n, 400))).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});
