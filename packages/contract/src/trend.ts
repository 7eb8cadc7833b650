import { z } from 'zod';

/** The graph's resolutions, finest first: minute samples, then hourly and daily rollups. */
const TREND_RESOLUTIONS = ['minute', 'hour', 'day'] as const;
export type TrendResolution = (typeof TREND_RESOLUTIONS)[number];

/** Most buckets one read returns; the resolution is the finest that keeps a span under it. */
const TREND_MAX_POINTS = 400;
/** The widest span the graph reads at once (a little over two years). */
const TREND_MAX_SPAN_DAYS = 800;

const MINUTE_MS = 60_000;
export const RESOLUTION_MS: Record<TrendResolution, number> = {
  minute: MINUTE_MS,
  hour: 60 * MINUTE_MS,
  day: 24 * 60 * MINUTE_MS,
};

/** The finest resolution that shows `spanMs` in at most TREND_MAX_POINTS buckets. */
export function resolutionFor(spanMs: number): TrendResolution {
  return TREND_RESOLUTIONS.find((r) => spanMs / RESOLUTION_MS[r] <= TREND_MAX_POINTS) ?? 'day';
}

/** GET /read/connection_history/v1: the connected-equipment series between two instants. */
export const trendQuerySchema = z
  .object({
    from: z.iso.datetime({ error: 'from must be an ISO date-time' }),
    to: z.iso.datetime({ error: 'to must be an ISO date-time' }),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: 'from must be before to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TREND_MAX_SPAN_DAYS * RESOLUTION_MS.day, {
    error: `the span is at most ${TREND_MAX_SPAN_DAYS} days`,
    path: ['to'],
  });

/** One bucket: the least, most and average connected units, and the fleet's size at its end. */
const trendPointSchema = z.object({
  at: z.iso.datetime(),
  min: z.number().int(),
  max: z.number().int(),
  avg: z.number(),
  total: z.number().int(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const trendResponseSchema = z.object({
  resolution: z.enum(TREND_RESOLUTIONS),
  points: z.array(trendPointSchema),
});
export type TrendResponse = z.infer<typeof trendResponseSchema>;
