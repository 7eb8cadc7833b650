/** The spans the graph zooms through, narrowest first; the key goes into the page's address. */
export const TREND_SPANS = [
  { key: '6h', label: '6 hours', ms: 6 * 3_600_000 },
  { key: '1d', label: '1 day', ms: 86_400_000 },
  { key: '1w', label: '1 week', ms: 7 * 86_400_000 },
  { key: '1m', label: '1 month', ms: 30 * 86_400_000 },
  { key: '6m', label: '6 months', ms: 182 * 86_400_000 },
  { key: '1y', label: '1 year', ms: 365 * 86_400_000 },
] as const;
export type TrendSpanKey = (typeof TREND_SPANS)[number]['key'];

const DEFAULT_SPAN: TrendSpanKey = '1d';

export const spanOf = (key: string | null): (typeof TREND_SPANS)[number] =>
  TREND_SPANS.find((s) => s.key === key) ?? TREND_SPANS.find((s) => s.key === DEFAULT_SPAN)!;

/** The next span in (-1) or out (+1), or null past either end. */
export function zoomed(key: TrendSpanKey, step: -1 | 1): TrendSpanKey | null {
  const index = TREND_SPANS.findIndex((s) => s.key === key) + step;
  return TREND_SPANS[index]?.key ?? null;
}

/** The window shown: ending now while following live, else ending at `end`. */
export function trendWindow(spanMs: number, end: number | null, now: number): { from: number; to: number } {
  const to = end ?? now;
  return { from: to - spanMs, to };
}
