import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';
import closeWithGrace from 'close-with-grace';
import type { CreatedAccount } from './areas/users/bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { PgliteThread } from './db/embedded/pglite-thread.js';
import { unreachableDatabaseMessage } from './db/unreachable.js';
import type { RunningServer } from './server.js';
import { prettyLogStream, wantsPrettyLogs } from './shared/log-output.js';

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
  let config: Config;
  try {
    config = loadConfig();
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
  const thread = config.DATABASE_URL
    ? undefined
    : PgliteThread.spawn({ dataDir: config.paths.pglite, useTemplate: true });
  const [{ openDatabase }, { startServer }, { serverLogger }, logStream] = await Promise.all([
    import('./db/client.js'),
    import('./server.js'),
    import('./shared/server-logger.js'),
    // `isTTY` is undefined, not false, when stdout is a file or a pipe, whatever its type says.
    wantsPrettyLogs(config.LOG_FORMAT, (process.stdout.isTTY as boolean | undefined) ?? false)
      ? prettyLogStream()
      : undefined,
  ]);
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
  running.server = await startServer(config, database, { loggerInstance: logger }).catch((err: unknown) => {
    // An unreachable PostgreSQL is the operator's to fix: said in one line, then exit code 1.
    const unreachable = unreachableDatabaseMessage(config.DATABASE_URL, err);
    throw unreachable ? new ConfigError(unreachable) : err;
  });
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
