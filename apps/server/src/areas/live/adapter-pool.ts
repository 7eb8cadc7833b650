import type pg from 'pg';

/**
 * The pool as the socket.io postgres adapter should see it. The adapter holds one client for
 * LISTEN and, when the server drops that connection (a restart), forgets it without releasing
 * it, so the pool would count it forever and `pool.end()` would never finish. Here a client
 * whose connection ends is released (destroyed) once, whoever holds it.
 */
export function adapterPool(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const release = client.release.bind(client);
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      release(err);
    };
    client.once('end', () => client.release(new Error('database connection ended')));
    return client;
  };
  return { connect, query: pool.query.bind(pool) } as unknown as pg.Pool;
}
