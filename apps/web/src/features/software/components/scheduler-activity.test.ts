import { describe, expect, it } from 'vitest';
import { deltas } from './scheduler-activity';

describe('deltas', () => {
  it("is each period's value minus the next (older) entry's value", () => {
    const periods = ['2031-01-01T12:00:00.000Z', '2031-01-01T11:00:00.000Z', '2031-01-01T10:00:00.000Z'];
    const series = { [periods[0]!]: 12, [periods[1]!]: 7, [periods[2]!]: 7 };
    expect(deltas(series, periods)).toEqual([5, 0, null]);
  });

  it('has no delta where either value is missing', () => {
    expect(deltas({ a: 3 }, ['a', 'b'])).toEqual([null, null]);
  });
});
