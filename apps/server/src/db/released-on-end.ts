import type pg from 'pg';

type Release = (err?: Error | boolean) => void;
type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

/**
 * Makes every client the pool hands out give itself back when its connection ends while it is
 * checked out. Without this, a connection lost at the wrong moment leaks its client, and
 * `pool.end()` then waits forever: Drizzle's transaction sends BEGIN before its try/finally, so a
 * failed BEGIN never releases, and the socket.io adapter forgets a LISTEN client that ended.
 * A client's release becomes idempotent, so the holder's own later release is harmless.
 */
export function releaseOnEnd(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const onEnd = () => client.release(new Error('database connection ended'));
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      release(err);
    };
    client.once('end', onEnd);
    return client;
  };
  (pool as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    if (!callback) return (connect() as Promise<pg.PoolClient>).then(guard);
    return connect((err, client, done) => {
      if (err || !client) return callback(err, client, done);
      guard(client);
      callback(undefined, client, (err) => client.release(err));
    });
  };
}
