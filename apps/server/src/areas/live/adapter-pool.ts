import type pg from 'pg';

export interface AdapterPool {
  /** What the socket.io postgres adapter is given. */
  pool: pg.Pool;
  /** Call when the adapter closes: no client is handed out any more. */
  close(): void;
}

/**
 * The pool as the socket.io postgres adapter should see it. A reconnection in flight when the
 * adapter closes would still store the client it gets and never release it, and `pool.end()`
 * would then wait forever: here a client that arrives after close is released at once and never
 * handed over. (A LISTEN client whose connection ends is released by the pool itself:
 * db/released-on-end.ts.)
 */
export function adapterPool(pool: pg.Pool): AdapterPool {
  let closed = false;
  const never = () => new Promise<never>(() => undefined);
  const connect = async () => {
    if (closed) return never();
    const client = await pool.connect();
    if (!closed) return client;
    client.release(true);
    return never();
  };
  // The pool itself but for `connect`. Its other members are the pool's own, methods bound to
  // it: pg's `query` takes its client through `this.connect`, which must stay the pool's.
  const guarded = new Proxy(pool, {
    get: (target, key) => {
      if (key === 'connect') return connect;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    pool: guarded,
    close: () => {
      closed = true;
    },
  };
}
