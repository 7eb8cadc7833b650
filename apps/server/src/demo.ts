import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isDemoFleetDriver, type DemoFleetDriver, type DemoFleetRun } from '@ed/contract/demo-fleet';
import { seedEasyDemo } from './areas/easy/easy.demo.js';
import { DEMO_INSTALL_OUTCOMES, DEMO_ROLLOUT, seedRolloutDemo } from './areas/rollouts/rollouts.demo.js';
import { publishDemoPackage } from './areas/software/software.demo.js';
import { seedTicketsDemo } from './areas/tickets/tickets.demo.js';
import { demoVendorKey, seedVendorDemo } from './areas/trupoint/trupoint.demo.js';
import type { DemoAddressVoucher } from './areas/fleet/broker/demo-address.js';
import type { Database } from './db/client.js';
import { whenLeader } from './db/leader-lock.js';

/** Arbitrary constant: the advisory lock of the instance that runs the demo's simulated fleet. */
const DEMO_FLEET_LOCK = 727_002;
const DEMO_FLEET_RETRY_MS = 15_000;

/**
 * Demo data every instance makes sure of at boot (the software packages come with their plugin):
 * each step creates only what is missing and is safe when instances start at the same moment.
 */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  await Promise.all([seedVendorDemo(app.truPoint.service), seedEasyDemo(app.easy.service)]);
}

/**
 * Demo mode runs simulated units, in one instance of however many share the database: the one
 * holding the demo fleet's lock (another takes over if it dies). They register and connect over
 * the same paths real units use, each with a public address vouched for by this process (see
 * fleet/broker/demo-address.ts): MQTT over WebSocket on the embedded broker, or the external broker of
 * MQTT_URL with a check-in over HTTP.
 */
export function startDemoFleet(app: FastifyInstance, database: Database): DemoFleet | undefined {
  const { config } = app;
  const { enrollmentKey, demoAddresses } = app.fleet;
  if (!config.DEMO || config.SIMULATOR_UNITS === 0 || !enrollmentKey || !demoAddresses) return undefined;
  const driverModule = config.DEMO_FLEET_DRIVER;
  if (!driverModule) {
    app.log.info('no simulated units: DEMO_FLEET_DRIVER names no driver (npm start names the simulator)');
    return undefined;
  }
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const stop = whenLeader(
    database,
    DEMO_FLEET_LOCK,
    DEMO_FLEET_RETRY_MS,
    async () => runDemoFleet(app, database, await loadDriver(driverModule), enrollmentKey, demoAddresses, settle),
    (err) => {
      app.log.warn({ err }, 'the demo fleet could not start here');
      settle();
    },
    (leading) => {
      if (!leading) settle();
    },
  );
  return { stop, settled };
}

export interface DemoFleet {
  stop: () => Promise<void>;
  /** Resolves once this instance's simulated units have connected and its demo tickets are open. */
  settled: Promise<void>;
}

const serverUrl = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * The module DEMO_FLEET_DRIVER names (a path or a file URL), loaded here only, in demo mode. By
 * its path: in the bundled server an import() is a require(), which takes paths, not URLs.
 */
async function loadDriver(specifier: string): Promise<DemoFleetDriver> {
  const file = specifier.startsWith('file:') ? fileURLToPath(specifier) : path.resolve(specifier);
  const loaded = (await import(file)) as { default?: unknown; demoFleetDriver?: unknown };
  const driver = loaded.demoFleetDriver ?? loaded.default;
  if (!isDemoFleetDriver(driver)) throw new Error(`${specifier} exports no demo fleet driver (startFleet).`);
  return driver;
}

async function runDemoFleet(
  app: FastifyInstance,
  database: Database,
  driver: DemoFleetDriver,
  enrollmentKey: string,
  voucher: DemoAddressVoucher,
  onSettled: () => void,
): Promise<() => Promise<void>> {
  const { config } = app;
  const trustRoot = (await app.software.roots.first()) ?? undefined;
  const fleet = driver.startFleet({
    units: config.SIMULATOR_UNITS,
    serverUrl: serverUrl(app),
    mqttUrl: config.MQTT_URL,
    enrollmentKey,
    addressHeaders: (ip) => voucher.headers(ip),
    // The demo units remember their credentials across restarts, as real units do: a unit that
    // forgot its credential would have to wait for an administrator to approve its claim.
    credentialsFile: path.join(config.paths.data, 'simulator', 'credentials.json'),
    churn: config.SIMULATOR_CHURN,
    // A standalone assistant (absolute AI_URL) is where the units ask too.
    assistantUrl: /^https?:\/\//.test(config.AI_URL) ? config.AI_URL : undefined,
    installOutcomes: config.DEMO_ROLLOUT ? DEMO_INSTALL_OUTCOMES : undefined,
    trustRoot,
    logger: app.log.child({ module: 'simulator' }),
  });
  const field = startDemoField(app, fleet).catch((err: unknown) => {
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
      // The home page's trend starts with the fleet, not a minute later.
      await app.fleet.equipment.recordSample();
      if (config.DEMO_ROLLOUT) {
        const { family, semantic } = DEMO_ROLLOUT;
        const publish = () => publishDemoPackage(app.software.service, app.software.repository, family, semantic);
        // A small fleet may have no unit of the rollout's family: the tickets still come.
        await seedRolloutDemo(app, publish, (session, view) => app.savedViews.create(session, view)).then(
          (started) => started && app.log.info(`demo: a rollout of ${family} ${semantic} started`),
          (err: unknown) => app.log.warn({ err }, `demo: no rollout of ${family} ${semantic}`),
        );
      }
      if (!config.DEMO_TICKETS) return;
      const tickets = await seedTicketsDemo(
        app.tickets,
        app.usersRepository,
        database,
        fleet.units.slice(0, 5).map((unit) => unit.serialNumber),
      );
      if (tickets > 0) app.log.info(`demo: ${tickets} support tickets opened by the demo accounts`);
    })
    .catch((err: unknown) => app.log.warn({ err }, 'simulator did not start fully'))
    .finally(onSettled);
  return async () => {
    (await field)?.stop();
    await fleet.stop();
  };
}

/** The vendor's shop system and the EZ ADAS fixtures around the simulated fleet, as in the field. */
async function startDemoField(app: FastifyInstance, fleet: DemoFleetRun) {
  const vendorApiKey = await demoVendorKey(app.truPoint.service);
  const ez = await seedEasyDemo(app.easy.service);
  return fleet.startField({
    vendorApiKey,
    ezFixtures: ez.fixtures,
    ezTargetIds: ez.targetIds,
    logger: app.log.child({ module: 'field-demo' }),
  });
}
