import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { releaseOnEnd } from './released-on-end.js';
import { testDouble } from '../shared/type-adapters.js';

function fakePool() {
  const release = vi.fn();
  const client = testDouble<pg.PoolClient>(Object.assign(new EventEmitter(), { release }));
  const pool = {
    connect: (callback?: (err: undefined, c: pg.PoolClient, done: () => void) => void) => {
      client.release = release;
      if (callback) {
        callback(undefined, client, release);
        return;
      }
      return Promise.resolve(client);
    },
  };
  return { pool: testDouble<pg.Pool>(pool), client, release };
}

describe('releaseOnEnd', () => {
  it('gives a checked-out client back when its connection ends, once, whoever releases later', async () => {
    const fake = fakePool();
    releaseOnEnd(fake.pool);
    const client = await fake.pool.connect();
    client.emit('end');
    client.release();
    expect(fake.release).toHaveBeenCalledTimes(1);
    expect(fake.release.mock.calls[0]![0]).toBeInstanceOf(Error);
  });

  it('leaves a client released normally alone when its connection ends later', async () => {
    const fake = fakePool();
    releaseOnEnd(fake.pool);
    await new Promise<void>((resolve) =>
      fake.pool.connect((err, client, done) => {
        expect(err).toBeUndefined();
        done();
        client!.emit('end');
        resolve();
      }),
    );
    expect(fake.release).toHaveBeenCalledTimes(1);
    expect(fake.release).toHaveBeenCalledWith(undefined);
  });
});
