import { describe, expect, it } from 'vitest';
import { BoundedSemaphore, SemaphoreFull } from './bounded-semaphore.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('bounded semaphore', () => {
  it('runs at most `concurrency` tasks at once, then queues, then refuses', async () => {
    const sem = new BoundedSemaphore(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      sem.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(sem.load).toEqual({ running: 2, waiting: 1 });
    expect(sem.full).toBe(true);
    await expect(sem.run(async () => 99)).rejects.toBeInstanceOf(SemaphoreFull);

    gates[0]!.resolve();
    expect(await runs[0]).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect(sem.load).toEqual({ running: 2, waiting: 0 });
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(sem.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const sem = new BoundedSemaphore(1, 0);
    await expect(sem.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await sem.run(async () => 'next')).toBe('next');
  });

  it('refuses at once without a queue', async () => {
    const sem = new BoundedSemaphore(1, 0);
    const gate = deferred();
    const first = sem.run(() => gate.promise);
    await expect(sem.run(async () => undefined)).rejects.toBeInstanceOf(SemaphoreFull);
    gate.resolve();
    await first;
  });

  it('rejects nonsense sizes', () => {
    expect(() => new BoundedSemaphore(0, 1)).toThrow(RangeError);
    expect(() => new BoundedSemaphore(1, -1)).toThrow(RangeError);
  });
});
