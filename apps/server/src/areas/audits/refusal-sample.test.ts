import { describe, expect, it } from 'vitest';
import { REFUSALS_RECORDED_PER_MINUTE, RefusalSample } from './refusal-sample.js';

describe('RefusalSample', () => {
  it('admits the first few refusals of an address each minute, and each address its own', () => {
    let now = 120_000;
    const sample = new RefusalSample(() => now);
    const first = Array.from({ length: 5 }, () => sample.admit('10.0.0.1'));
    expect(first.filter(Boolean)).toHaveLength(REFUSALS_RECORDED_PER_MINUTE);
    expect(sample.admit('10.0.0.2')).toBe(true);
    now += 60_000;
    expect(sample.admit('10.0.0.1')).toBe(true);
  });

  it('records a burst across the turn of the clock’s minute only once', () => {
    let now = 119_000;
    const sample = new RefusalSample(() => now);
    const admitted = Array.from({ length: 550 }, () => {
      now += 4; // 2.2 s of refusals, from 1 s before the minute turns
      return sample.admit('10.4.4.4');
    });
    expect(admitted.filter(Boolean)).toHaveLength(REFUSALS_RECORDED_PER_MINUTE);
  });

  it('forgets addresses whose minute has ended, so that new ones are recorded again', () => {
    let now = 0;
    const sample = new RefusalSample(() => now);
    for (let i = 0; i < 10_000; i++) sample.admit(`10.1.${Math.floor(i / 256)}.${i % 256}`);
    expect(sample.admit('10.9.9.9')).toBe(false);
    now += 60_000;
    expect(sample.admit('10.9.9.9')).toBe(true);
  });
});
