import DataLoader from 'dataloader';

/** What `batchLoader` answers: `load(key)` resolves with the key's own result. */
export type BatchLoader<K, V> = DataLoader<K, V>;

export interface BatchLoaderOptions {
  /** Keys in one batch at most. */
  maxBatchSize: number;
  /** How long the first key of a batch waits for others to join it. */
  windowMs: number;
  /** Batches running at once; the next waits for one to finish, gathering keys meanwhile. */
  concurrency?: number;
}

/**
 * A DataLoader (no cache) whose batches take turns. A batch due while others run waits for a
 * turn and keeps gathering keys, so a burst becomes a few large statements instead of one small
 * statement every window, each holding a pooled connection: in a reconnect storm of 10,000 units
 * on PostgreSQL, batches every 5 ms queued past the pool's wait limit and their events were lost.
 */
export function batchLoader<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: BatchLoaderOptions,
): BatchLoader<K, V> {
  const limit = options.concurrency ?? 1;
  let running = 0;
  const waiting: (() => void)[] = [];
  const start = (dispatch: () => void) => {
    running += 1;
    dispatch();
  };
  return new DataLoader<K, V>(
    async (keys) => {
      try {
        return await load(keys);
      } finally {
        running -= 1;
        const next = waiting.shift();
        if (next) start(next);
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      batchScheduleFn: (dispatch) =>
        setTimeout(() => (running < limit ? start(dispatch) : waiting.push(dispatch)), options.windowMs),
    },
  );
}
