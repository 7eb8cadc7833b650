import { TREND_POINTS } from '@ed/contract/constants';
import type { ConnectionTrend } from '@ed/contract/dashboard';

export type TrendPoint = ConnectionTrend[number];

/** Adds the newest point and keeps the latest `max` (part 1 §2: the sparkline keeps 60). */
export function appendTrendPoint(points: readonly TrendPoint[], point: TrendPoint, max = TREND_POINTS): TrendPoint[] {
  return [...points, point].slice(-max);
}
