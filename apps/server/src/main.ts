import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';
import closeWithGrace from 'close-with-grace';
import type { CreatedAccount } from './ports/users.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { takeEarly } from './db/embedded/early-thread.js';
import { PgliteThread } from './db/embedded/pglite-thread.js';
import { unreachableDatabaseMessage } from './db/unreachable.js';
import type { RunningServer } from './server.js';
import { prettyLogStream, wantsPrettyLogs } from './shared/log-output.js';
import { StartSteps, startOrigin } from './shared/start-steps.js';

/** The longest the sign-in box waits for the demo fleet's start-up lines, so that it comes last. */
const BANNER_WAIT_MS = 20_000;

function signInBanner(config: Config, created: CreatedAccount[]): string {
  const lines = ['', `Equipment Dashboard is running at ${config.PUBLIC_URL}`];
  const generated = created.filter((a): a is CreatedAccount & { generatedPassword: string } => !!a.generatedPassword);
  if (generated.length > 0) {
    lines.push('Sign in with one of these accounts (passwords are shown only this once):');
    for (const a of generated) lines.push(`  ${a.username.padEnd(14)} ${a.generatedPassword}   (${a.role})`);
  } else if (created.length > 0) {
    lines.push(`Sign in as ${created.map((a) => a.username).join(', ')} with the password set in the environment.`);
  } else {
    lines.push('Sign in as admin with its password (ADMIN_PASSWORD, or the one printed once where it was created).');
    const outbox =
      config.FILE_STORE === 'disk' ? config.paths.outbox : 'the outbox (table outbox_mails, see the README)';
    if (!config.SMTP_URL) lines.push(`Forgotten? Use "request password reset" and open the mail in ${outbox}.`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  // The start's steps from the process's start: Node's own and the server file's loading first.
  const steps = new StartSteps();
  const origin = startOrigin();
  steps.record('node and the server file', origin);
  let config: Config;
  try {
    config = await steps.time('configuration', loadConfig);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // The embedded database opens in its own thread while this one loads the server's modules and
  // registers the app: the two halves of a start run side by side on two cores. Connections
  // wait in the thread until the database is open; the migrations are the first to wait.
  // Started by dist/main.js before the bundle loaded (db/embedded/early-thread.ts), else here.
  const early = takeEarly(config.DATABASE_URL ? undefined : config.paths.pglite);
  const opening = early?.spawnedAt ?? performance.now();
  const thread = config.DATABASE_URL
    ? undefined
    : (early?.thread ?? PgliteThread.spawn({ dataDir: config.paths.pglite, useTemplate: true }));
  void thread?.opened.then(
    () => {
      steps.record('embedded database opened (its thread)', opening);
      const opened = thread.openingSteps.map((step) => ({ ...step, at: step.startedAt - performance.timeOrigin }));
      // Until its first step: the thread's start and the loading of PGlite's code.
      if (opened[0]) steps.add({ name: 'database thread and PGlite loaded', at: opening, ms: opened[0].at - opening });
      for (const step of opened) steps.add(step);
    },
    () => undefined,
  );
  const modules = performance.now();
  const [{ openDatabase }, { startServer }, { serverLogger }, logStream] = await Promise.all([
    import('./db/client.js'),
    import('./server.js'),
    import('./shared/server-logger.js'),
    // `isTTY` is undefined, not false, when stdout is a file or a pipe, whatever its type says.
    wantsPrettyLogs(config.LOG_FORMAT, (process.stdout.isTTY as boolean | undefined) ?? false)
      ? prettyLogStream()
      : undefined,
  ]);
  steps.record('modules', modules);
  // One logger from the start: the database pools report a lost connection through it.
  const logger = serverLogger(config, logStream);
  const database = await openDatabase(
    {
      databaseUrl: config.DATABASE_URL,
      pgliteDir: config.paths.pglite,
      poolSize: config.DATABASE_POOL_SIZE,
      fleetPoolSize: config.DATABASE_FLEET_POOL_SIZE,
      thread,
    },
    logger,
  );
  const running: { server?: RunningServer } = {};
  // A signal while still starting ends the process as it is; after that the shutdown is graceful.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    const { server } = running;
    if (!server) return;
    if (err) server.app.log.error({ err }, 'shutting down after an error');
    else server.app.log.info({ signal }, 'shutting down');
    await server.stop();
  });
  running.server = await startServer(config, database, { loggerInstance: logger, steps }).catch((err: unknown) => {
    // An unreachable PostgreSQL is the operator's to fix: said in one line, then exit code 1.
    const unreachable = unreachableDatabaseMessage(config.DATABASE_URL, err);
    throw unreachable ? new ConfigError(unreachable) : err;
  });
  const listed = steps.list();
  const slowest = [...listed].sort((a, b) => b.ms - a.ms).slice(0, 3);
  logger.info(
    {
      readyMs: Math.round(performance.now() - origin),
      slowest: slowest.map((s) => `${s.name} ${Math.round(s.ms)} ms`),
    },
    `serving ${((performance.now() - origin) / 1000).toFixed(2)} s after the ${origin ? 'start began' : 'process started'}`,
  );
  // Every step, for whoever looks into a slow start (npm run bench:start reads them).
  logger.debug({ steps: listed }, 'start steps');
  // After the demo fleet's start-up lines, so the accounts do not scroll away under them.
  await Promise.race([running.server.settled, delay(BANNER_WAIT_MS, undefined, { ref: false })]);
  // Written to the terminal, not the structured log: logs never hold passwords.
  process.stdout.write(signInBanner(config, running.server.created));
}

main().catch((err: unknown) => {
  // A configured first password the policy refuses is found only once the accounts are made.
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Equipment Dashboard could not start: ${inspect(err)}\n`);
  process.exit(1);
});
