import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { whenLeader } from '../../db/leader-lock.js';
import { queryRows } from '../../db/rows.js';
import type { PromClient, PromRegistry } from './prom-client.js';

/** Arbitrary constant: the advisory lock of the instance that exports the fleet-wide figures. */
const FLEET_GAUGES_LOCK = 727_040;
const LEADERSHIP_RETRY_MS = 15_000;
/** Scrapes within this long share one read: several Prometheus servers cost one set of queries. */
const CACHE_MS = 10_000;

interface FleetFigures {
  units: { family: string; units: number; connected: number }[];
  rollouts: { state: string; n: number }[];
  installs: { state: string; n: number }[];
  alarms: { kind: string; n: number }[];
}

/** Four grouped counts, each over an index (families, rollout states, active rollouts' units, active alarms). */
async function readFigures(app: FastifyInstance): Promise<FleetFigures> {
  const { db } = app;
  const [units, rollouts, installs, alarms] = await Promise.all([
    queryRows<{ family: string; units: number; connected: number }>(
      db,
      sql`select e.family, count(*)::int as units, (count(*) filter (where l.connected))::int as connected
          from equipment e join equipment_live l on l.equipment_id = e.id group by e.family`,
    ),
    queryRows<{ state: string; n: number }>(db, sql`select state, count(*)::int as n from rollouts group by state`),
    queryRows<{ state: string; n: number }>(
      db,
      sql`select u.state, count(*)::int as n from rollout_units u join rollouts r on r.id = u.rollout_id
          where r.state in ('running', 'paused') group by u.state`,
    ),
    queryRows<{ kind: string; n: number }>(
      db,
      sql`select r.kind, count(*)::int as n from alarms a join alarm_rules r on r.id = a.rule_id
          where a.status = 'active' group by r.kind`,
    ),
  ]);
  return { units, rollouts, installs, alarms };
}

/**
 * The fleet's figures from the database, exported by one instance only (the holder of an
 * advisory lock; another takes over when it dies): summed over instances they are not doubled.
 * The other instances export none of these series.
 */
export function fleetGauges(prom: PromClient, registry: PromRegistry, app: FastifyInstance): () => Promise<void> {
  let leading = false;
  let cached: { at: number; figures: Promise<FleetFigures> } | undefined;
  const figures = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      cached = { at: Date.now(), figures: readFigures(app) };
      // A failed read is not kept: the next scrape asks again.
      cached.figures.catch(() => (cached = undefined));
    }
    return cached.figures;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (set: (labels: Record<L, string>, value: number) => void, f: FleetFigures) => void,
  ) =>
    new prom.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        if (!leading) return;
        fill((labels, value) => this.set(labels, value), await figures());
      },
    });
  gauge(
    'fleet_units',
    'Units on record, by family (from the database; one instance exports it)',
    ['family'],
    (set, f) => {
      for (const r of f.units) set({ family: r.family }, r.units);
    },
  );
  gauge(
    'fleet_units_connected',
    'Units connected now, by family (from the database; one instance exports it)',
    ['family'],
    (set, f) => {
      for (const r of f.units) set({ family: r.family }, r.connected);
    },
  );
  gauge('fleet_rollouts', 'Rollouts by state', ['state'], (set, f) => {
    for (const r of f.rollouts) set({ state: r.state }, r.n);
  });
  gauge(
    'fleet_rollout_installs',
    'Units of running and paused rollouts, by their install state',
    ['state'],
    (set, f) => {
      for (const r of f.installs) set({ state: r.state }, r.n);
    },
  );
  gauge('fleet_alarms_active', 'Active alarms, by their rule’s kind', ['kind'], (set, f) => {
    for (const r of f.alarms) set({ kind: r.kind }, r.n);
  });
  new prom.Gauge({
    name: 'fleet_metrics_exporter',
    help: '1 on the instance that exports the fleet-wide figures, 0 on the others',
    registers: [registry],
    collect() {
      this.set(leading ? 1 : 0);
    },
  });

  return whenLeader(
    app.database,
    FLEET_GAUGES_LOCK,
    LEADERSHIP_RETRY_MS,
    async () => {
      leading = true;
      return async () => {
        leading = false;
      };
    },
    (err) => app.log.warn({ err }, 'metrics: the fleet figures’ lock could not be tried'),
  );
}
