import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { adapterPool } from './adapter-pool.js';
import { testDouble } from '../../shared/type-adapters.js';

function fakePool() {
  const pending: ((client: pg.PoolClient) => void)[] = [];
  const pool = { connect: () => new Promise<pg.PoolClient>((resolve) => pending.push(resolve)), query: vi.fn() };
  const client = () => testDouble<pg.PoolClient>(Object.assign(new EventEmitter(), { release: vi.fn() }));
  return { pool: testDouble<pg.Pool>(pool), pending, client };
}

describe('adapterPool', () => {
  it('releases a client that arrives after close, and never hands it over', async () => {
    const fake = fakePool();
    const wrapped = adapterPool(fake.pool);
    const client = fake.client();
    const release = client.release;
    let handedOver = false;
    void wrapped.pool.connect().then(() => (handedOver = true));
    wrapped.close();
    fake.pending[0]!(client);
    await new Promise((resolve) => setImmediate(resolve));
    expect(release).toHaveBeenCalledWith(true);
    expect(handedOver).toBe(false);
    void wrapped.pool.connect().then(() => (handedOver = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.pending).toHaveLength(1);
    expect(handedOver).toBe(false);
  });
});
