import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { buildApp } from './app.js';
import { seedEasyDemo } from './areas/easy/easy.demo.js';
import { seedTicketsDemo } from './areas/tickets/tickets.demo.js';
import { demoVendorKey } from './areas/trupoint/trupoint.demo.js';
import { bootstrapAccounts, type CreatedAccount } from './areas/users/bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { whenLeader } from './db/leader-lock.js';

function signInBanner(config: Config, created: CreatedAccount[]): string {
  const lines = ['', `Equipment Dashboard is running at ${config.PUBLIC_URL}`];
  const generated = created.filter((a) => a.generatedPassword);
  if (generated.length > 0) {
    lines.push('Sign in with one of these accounts (passwords are shown only this once):');
    for (const a of generated) lines.push(`  ${a.username.padEnd(14)} ${a.generatedPassword}   (${a.role})`);
  } else if (created.length > 0) {
    lines.push(`Sign in as ${created.map((a) => a.username).join(', ')} with the password set in the environment.`);
  } else {
    lines.push('Sign in as admin with its password (ADMIN_PASSWORD, or the one printed at first start).');
    const outbox =
      config.FILE_STORE === 'disk' ? config.paths.outbox : 'the outbox (table outbox_mails, see the README)';
    lines.push(`Forgotten? Use "request password reset" and open the mail in ${outbox}.`);
  }
  return `${lines.join('\n')}\n`;
}

/** Arbitrary constant: the advisory lock of the instance that runs the demo's simulated fleet. */
const DEMO_FLEET_LOCK = 727_002;
const DEMO_FLEET_RETRY_MS = 15_000;

/**
 * Demo mode runs simulated units, in one instance of however many share the database: the one
 * holding the demo fleet's lock (another takes over if it dies). They register and connect over
 * the same paths real units use, each claiming a public address: MQTT over WebSocket on the
 * embedded broker, or the external broker of MQTT_URL with a check-in over HTTP.
 */
function startDemoFleet(app: FastifyInstance, config: Config, database: Database): (() => Promise<void>) | undefined {
  const enrollmentKey = app.fleet.enrollmentKey;
  if (!config.DEMO || config.SIMULATOR_UNITS === 0 || !enrollmentKey) return undefined;
  return whenLeader(
    database,
    DEMO_FLEET_LOCK,
    DEMO_FLEET_RETRY_MS,
    () => runDemoFleet(app, config, enrollmentKey),
    (err) => app.log.warn({ err }, 'the demo fleet could not start here'),
  );
}

async function runDemoFleet(app: FastifyInstance, config: Config, enrollmentKey: string): Promise<() => Promise<void>> {
  const { startFleet } = await import('@ed/simulator/fleet');
  const fleet = startFleet({
    units: config.SIMULATOR_UNITS,
    serverUrl: `http://127.0.0.1:${config.PORT}`,
    mqttUrl: config.MQTT_URL,
    enrollmentKey,
    churn: config.SIMULATOR_CHURN,
    // A standalone assistant (absolute AI_URL) is where the units ask too.
    assistantUrl: /^https?:\/\//.test(config.AI_URL) ? config.AI_URL : undefined,
    logger: app.log.child({ module: 'simulator' }),
  });
  const field = startDemoField(app, fleet.units).catch((err: unknown) => {
    app.log.warn({ err }, 'the demo vendor and EZ ADAS fixtures did not start');
    return undefined;
  });
  fleet.ready
    .then(async () => {
      await app.fleet.gateway.settled();
      const { total, connected, located, countries } = await app.fleet.equipment.spread();
      app.log.info(
        `simulator: ${config.SIMULATOR_UNITS} units registered; ${total} on record, ${connected} connected, ` +
          `${located} geolocated in ${countries} countries`,
      );
      if (!config.DEMO_TICKETS) return;
      const tickets = await seedTicketsDemo(
        app.tickets,
        app.usersRepository,
        fleet.units.slice(0, 5).map((unit) => unit.serialNumber),
      );
      if (tickets > 0) app.log.info(`demo: ${tickets} support tickets opened by the demo accounts`);
    })
    .catch((err: unknown) => app.log.warn({ err }, 'simulator did not start fully'));
  return async () => {
    (await field)?.stop();
    await fleet.stop();
  };
}

/** The vendor's shop system and the EZ ADAS fixtures around the simulated fleet, as in the field. */
async function startDemoField(app: FastifyInstance, units: readonly SimulatedUnit[]) {
  const { startFieldDemo } = await import('@ed/simulator/field-demo');
  const { truPoint, easy } = app;
  const vendorApiKey = await demoVendorKey(truPoint.service, async (name) =>
    Boolean(await truPoint.repository.findVendor(name)),
  );
  const ez = await seedEasyDemo(easy.service);
  return startFieldDemo({
    serverUrl: `http://127.0.0.1:${app.config.PORT}`,
    units,
    vendorApiKey,
    ezFixtures: ez.fixtures,
    ezTargetIds: ez.targetIds,
    logger: app.log.child({ module: 'field-demo' }),
  });
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

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.paths.pglite,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database });
  const created = await bootstrapAccounts(config, app.users, app.usersRepository);

  const demo: { stop?: () => Promise<void> } = {};
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await demo.stop?.();
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  demo.stop = startDemoFleet(app, config, database);
  // Written to the terminal, not the structured log: logs never hold passwords.
  process.stdout.write(signInBanner(config, created));
}

main().catch((err: unknown) => {
  process.stderr.write(`Equipment Dashboard could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
