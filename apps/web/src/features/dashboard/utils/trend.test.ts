import { describe, expect, it } from 'vitest';
import { TREND_POINTS } from '@ed/contract/constants';
import { appendTrendPoint, type TrendPoint } from './trend';

const point = (i: number): TrendPoint => ({
  at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
  connected: i,
  total: 100,
});

describe('appendTrendPoint', () => {
  it('adds the newest point at the end', () => {
    expect(appendTrendPoint([point(1)], point(2)).map((p) => p.connected)).toEqual([1, 2]);
  });

  it('keeps only the latest 60 points', () => {
    let points: TrendPoint[] = [];
    for (let i = 0; i < 75; i += 1) points = appendTrendPoint(points, point(i));
    expect(TREND_POINTS).toBe(60);
    expect(points).toHaveLength(60);
    expect(points[0]!.connected).toBe(15);
    expect(points.at(-1)!.connected).toBe(74);
  });
});
