import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch-loader.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batchLoader', () => {
  it('answers each key from one batch call', async () => {
    const calls: number[][] = [];
    const loader = batchLoader<number, number>(
      async (keys) => {
        calls.push([...keys]);
        return keys.map((k) => k * 2);
      },
      { maxBatchSize: 100, windowMs: 1 },
    );
    expect(await Promise.all([1, 2, 3].map((k) => loader.load(k)))).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('runs one batch at a time and gathers the keys that arrive meanwhile into the next', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const loader = batchLoader<number, number>(
      async (keys) => {
        running += 1;
        most = Math.max(most, running);
        sizes.push(keys.length);
        await tick(20);
        running -= 1;
        return [...keys];
      },
      { maxBatchSize: 1_000, windowMs: 1 },
    );
    const first = loader.load(0);
    await tick(5);
    // Arriving over several windows while the first batch runs: they wait as one batch.
    const rest: Promise<number>[] = [];
    for (let i = 1; i <= 30; i += 1) {
      rest.push(loader.load(i));
      if (i % 10 === 0) await tick(3);
    }
    await Promise.all([first, ...rest]);
    expect(most).toBe(1);
    expect(sizes[0]).toBe(1);
    expect(sizes.slice(1).reduce((a, b) => a + b, 0)).toBe(30);
    expect(sizes.length).toBeLessThanOrEqual(3);
  });

  it('allows as many batches at once as asked, and a failed batch frees its turn', async () => {
    let running = 0;
    let most = 0;
    const loader = batchLoader<number, number>(
      async (keys) => {
        running += 1;
        most = Math.max(most, running);
        await tick(10);
        running -= 1;
        if (keys.includes(0)) throw new Error('database unavailable');
        return [...keys];
      },
      { maxBatchSize: 2, windowMs: 1, concurrency: 2 },
    );
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6, 7].map((k) => loader.load(k)));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([2, 3, 4, 5, 6, 7]);
  });
});
