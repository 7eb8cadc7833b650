import { RESOLUTION_MS, resolutionFor, type TrendResponse } from '@ed/contract/trend';
import type { Retention, TrendRepository } from './trend.repository.js';

/** The trend graph's reads: the finest resolution that fits the span, whole buckets. */
export class TrendService {
  constructor(
    private readonly repository: TrendRepository,
    private readonly retention: Retention,
  ) {}

  async history(from: Date, to: Date): Promise<TrendResponse> {
    const resolution = resolutionFor(to.getTime() - from.getTime());
    const size = RESOLUTION_MS[resolution];
    // The bucket that holds `from` is read whole, so the first point is not missing.
    const start = new Date(Math.floor(from.getTime() / size) * size);
    return { resolution, points: await this.repository.series(resolution, start, to) };
  }

  rollup(now: Date): Promise<boolean> {
    return this.repository.rollup(now, this.retention);
  }
}
