import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { PromClient, PromRegistry } from './prom-client.js';

/**
 * What this instance holds, read at each scrape: password hashes under way and queued (Argon2,
 * bounded: past its queue a sign-in is refused with 503), the database pools' connections and
 * the requests waiting for one, and the consoles' live sockets.
 */
export function resourceMetrics(prom: PromClient, registry: PromRegistry, app: FastifyInstance): void {
  const registers = [registry];
  new prom.Gauge({
    name: 'auth_password_hashes',
    help: 'Argon2 hashes and verifications of this instance, running and waiting for a slot',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { running, waiting } = app.passwords.load;
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const pools: [string, pg.Pool | undefined][] = [
    ['api', app.database.pool],
    ['fleet', app.database.fleetPool],
  ];
  new prom.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of a pool (api: people’s requests, fleet: units and jobs), idle or in use',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const [name, pool] of pools) {
        if (!pool) continue;
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      }
    },
  });
  new prom.Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of a pool (above 0 for long: the pool is too small)',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      for (const [name, pool] of pools) if (pool) this.set({ pool: name }, pool.waitingCount);
    },
  });
  new prom.Gauge({
    name: 'live_socket_clients',
    help: 'Consoles connected to this instance’s live-event socket',
    registers,
    collect() {
      this.set(app.live.io.engine.clientsCount);
    },
  });
}
