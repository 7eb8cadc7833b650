import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { statementName } from '../../src/plugins/tracing/postgres-spans.js';
import { startServer } from '../../src/server.js';
import { StartSteps } from '../../src/shared/start-steps.js';
import { migratedPgliteTemplate } from '../support/global-setup.js';

/**
 * What a start does before it serves, held to a committed budget (start-budget.json): the steps
 * (each plugin's registration, each start task, the accounts, the demo's data, listening) and the
 * database statements made before /healthz answers, by kind ("INSERT users"). A feature that
 * adds a step or a statement to the start fails here with its name; if the work must come before
 * the server serves, the budget is changed in the same review (UPDATE_START_BUDGET=1 writes it),
 * else it moves behind /healthz (an onReady hook, a job's first round, a lazy load). The budget
 * keeps start time under its goal without timing anything (docs/benchmarks.md, "Start"). It
 * starts on an embedded database of its own, whatever DATABASE_URL says.
 */
const BUDGET_FILE = fileURLToPath(new URL('start-budget.json', import.meta.url));

interface Start {
  steps: string[];
  statements: Record<string, number>;
}
type Budget = Record<string, Start>;

/** The embedded database as a first start has it (the build's migrated template), every statement seen. */
async function watchedDatabase() {
  // On a PostgreSQL run the tests' template is a PostgreSQL database: this start makes its own.
  const file = inject('pgliteTemplate');
  const template = file ? new Blob([await readFile(file)]) : await migratedPgliteTemplate();
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: template });
  let statements: string[] | undefined;
  const watch = (target: { query: (...a: never[]) => unknown; exec: (...a: never[]) => unknown }) => {
    for (const method of ['query', 'exec'] as const) {
      const original = target[method].bind(target) as (...args: unknown[]) => unknown;
      (target as Record<string, unknown>)[method] = (text: unknown, ...rest: unknown[]) => {
        if (typeof text === 'string') statements?.push(text);
        return original(text, ...rest);
      };
    }
  };
  watch(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      watch(tx);
      return callback(tx);
    });
  return {
    database: openPglite(client),
    /** Counts from now until `stop()` answers the statements seen, by kind. */
    watching() {
      statements = [];
      return () => {
        const seen = statements ?? [];
        statements = undefined;
        const byKind: Record<string, number> = {};
        for (const text of seen) {
          const { operation, table } = statementName(text);
          const kind = table ? `${operation} ${table}` : operation;
          byKind[kind] = (byKind[kind] ?? 0) + 1;
        }
        return Object.fromEntries(Object.entries(byKind).sort(([a], [b]) => a.localeCompare(b)));
      };
    },
    close: () => client.close(),
  };
}

/** A first start and a restart on one database in `mode`, as main.ts starts (PORT 0). */
async function starts(demo: boolean): Promise<[Start, Start]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-start-budget-'));
  const watched = await watchedDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: String(demo),
    SIMULATOR_UNITS: '0',
    ADMIN_PASSWORD: 'admin-password-for-the-start-budget',
    LOG_LEVEL: 'silent',
  });
  const once = async (): Promise<Start> => {
    const steps = new StartSteps();
    const stop = watched.watching();
    // The database stays open between the two starts: a restart finds what the first one left.
    const server = await startServer(
      config,
      { ...watched.database, close: async () => undefined },
      { logger: false, steps },
    );
    const statements = stop();
    await server.stop();
    return { steps: [...new Set(steps.list().map((s) => s.name))].sort(), statements };
  };
  try {
    return [await once(), await once()];
  } finally {
    await watched.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** What `actual` does beyond `budget`, in words. */
function beyond(name: string, actual: Start, budget: Start | undefined): string[] {
  if (!budget) return [`${name}: no budget`];
  const found: string[] = [];
  for (const step of actual.steps)
    if (!budget.steps.includes(step)) found.push(`${name}: a new step before /healthz, "${step}"`);
  for (const [kind, count] of Object.entries(actual.statements)) {
    const allowed = budget.statements[kind] ?? 0;
    if (count > allowed) found.push(`${name}: ${count} × ${kind} before /healthz (budget ${allowed})`);
  }
  return found;
}

describe('what a start does before it serves', () => {
  const measured: Budget = {};
  afterAll(async () => {
    if (process.env.UPDATE_START_BUDGET) await writeFile(BUDGET_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  });

  for (const [mode, demo] of [
    ['demo', true],
    ['production', false],
  ] as const) {
    it(`stays within the budget in ${mode} mode, first start and restart`, async () => {
      const [first, restart] = await starts(demo);
      measured[`${mode}, first start`] = first;
      measured[`${mode}, restart`] = restart;
      if (process.env.UPDATE_START_BUDGET) return;
      const budget = JSON.parse(await readFile(BUDGET_FILE, 'utf8')) as Budget;
      expect(
        [
          ...beyond(`${mode}, first start`, first, budget[`${mode}, first start`]),
          ...beyond(`${mode}, restart`, restart, budget[`${mode}, restart`]),
        ],
        'work added before /healthz: move it behind (onReady, a job, lazily), or raise the budget in review (UPDATE_START_BUDGET=1)',
      ).toEqual([]);
    });
  }
});
