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
});
