import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { PromClient, PromRegistry } from './prom-client.js';

/**
 * What this instance holds, read at each scrape: password hashes under way and queued (Argon2,
 * bounded: past its queue a sign-in is refused with 503), the database pools' connections and
 * the requests waiting for one, the consoles' live sockets, the disk under DATA_DIR and
 * UPDATES_DIR, and when the trusted release root and its keys expire.
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
  const volumes = [
    ...new Map([app.config.paths.data, app.config.paths.updates].map((p, i) => [p, i === 0 ? 'data' : 'updates'])),
  ];
  const filesystem = (
    name: string,
    help: string,
    read: (s: { bavail: number; blocks: number; bsize: number }) => number,
  ) =>
    new prom.Gauge({
      name,
      help,
      labelNames: ['volume'] as const,
      registers,
      async collect() {
        for (const [dir, volume] of volumes) {
          const stats = await statfs(dir).catch(() => undefined);
          if (stats) this.set({ volume }, read(stats));
        }
      },
    });
  filesystem(
    'file_store_disk_free_bytes',
    'Bytes free to this instance on the disk of DATA_DIR (data) and UPDATES_DIR (updates)',
    (s) => s.bavail * s.bsize,
  );
  filesystem(
    'file_store_disk_size_bytes',
    'Size of the disk of DATA_DIR (data) and UPDATES_DIR (updates)',
    (s) => s.blocks * s.bsize,
  );
  new prom.Gauge({
    name: 'release_trust_expiry_timestamp_seconds',
    help: 'When the trusted release root (what=root) and the first of its keys (what=key) expire (Unix time); none while updates are unsigned',
    labelNames: ['what'] as const,
    registers,
    async collect() {
      this.reset();
      const root = await app.software.roots.current().catch(() => null);
      if (!root) return;
      this.set({ what: 'root' }, Date.parse(root.signed.expires) / 1000);
      const keys = Object.values(root.signed.keys).map((key) => Date.parse(key.expires));
      if (keys.length > 0) this.set({ what: 'key' }, Math.min(...keys) / 1000);
    },
  });
}
