import { describe, expect, it } from 'vitest';
import { spanOf, trendWindow, zoomed } from './trend-window';

describe('the trend graph’s window', () => {
  it('zooms one span at a time and stops at hours and at a year', () => {
    expect(zoomed('1d', -1)).toBe('6h');
    expect(zoomed('6h', -1)).toBeNull();
    expect(zoomed('6m', 1)).toBe('1y');
    expect(zoomed('1y', 1)).toBeNull();
  });

  it('reads the span from the address, with one day for anything unknown', () => {
    expect(spanOf('1w').ms).toBe(7 * 86_400_000);
    expect(spanOf('forever').key).toBe('1d');
  });

  it('ends at now while following live, else where the user moved it', () => {
    expect(trendWindow(1_000, null, 5_000)).toEqual({ from: 4_000, to: 5_000 });
    expect(trendWindow(1_000, 3_000, 5_000)).toEqual({ from: 2_000, to: 3_000 });
  });
});
