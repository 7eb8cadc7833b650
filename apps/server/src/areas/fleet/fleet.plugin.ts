import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import fp from 'fastify-plugin';
import type { UnitLookup } from '../../ports/equipment.js';
import type { BrokerAccounts } from './broker/broker-accounts.js';
import { CommandBus } from './commands/command-bus.js';
import deviceProtocolDocsRoutes from './device-protocol-docs.routes.js';
import { compileTrust } from './broker/connection-address.js';
import { DemoAddressVoucher } from './broker/demo-address.js';
import { DeviceCredentials } from './device-identity/device-credentials.js';
import { EmbeddedBroker } from './broker/embedded-broker.js';
import { EquipmentRepository } from './equipment.repository.js';
import { externalBroker } from './broker/external-broker.js';
import { FleetGateway } from './gateway.js';
import { GeoLocator } from './presence/geolocation.js';
import { FleetService } from './commands/fleet.service.js';
import { openMqttLink, type MqttLink } from './broker/mqtt-link.js';
import { PresenceRepository } from './presence/presence.repository.js';
import { ReportsRepository } from './commands/reports.repository.js';
import { ScreenShotStore } from './commands/screen-shots.js';
import { SerialRenamer } from './commands/serial-renamer.js';
import { UnitRefusals } from './device-identity/unit-refusals.js';
import { UnitRefusalsRepository } from './device-identity/unit-refusals.repository.js';
import type { ElevationRecords } from '../../ports/elevations.js';

const SAMPLE_MS = 60_000;
/**
 * How long a shutdown waits for unit messages already received to be stored. What is left after
 * that is what units say again when they reconnect; a stop must end in bounded time.
 */
const SHUTDOWN_SETTLE_MS = 3_000;

async function settledWithin(gateway: FleetGateway, ms: number, log: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([gateway.settled().then(() => 'settled' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') log.warn({ units: gateway.pending }, 'shutting down with unit messages not yet stored');
}

interface Fleet {
  instanceId: string;
  /** The deployment's MQTT topics (MQTT_TOPIC_ROOT). */
  topics: DeviceTopics;
  /** The key units present to register; generated for a demo run when none is configured. */
  enrollmentKey: string | undefined;
  /** In demo mode: how the in-process simulated units claim their public addresses. */
  demoAddresses: DemoAddressVoucher | undefined;
  broker: EmbeddedBroker | undefined;
  link: MqttLink;
  /** Sends a command to a unit and waits for its reply (messages and notifications use it too). */
  bus: CommandBus;
  gateway: FleetGateway;
  credentials: DeviceCredentials;
  /** The external broker's unit accounts, kept as units register (MQTT_BROKER_ACCOUNTS). */
  brokerAccounts: BrokerAccounts;
  equipment: EquipmentRepository;
  /** Units found on the fleet's own pool, for what units send (camera calibrations' uploads). */
  fleetEquipment: UnitLookup;
  presence: PresenceRepository;
  reports: ReportsRepository;
  screenShots: ScreenShotStore;
  renamer: SerialRenamer;
  service: FleetService;
  /** What units sent that the gateway refused: told to them, counted for the console. */
  refusals: UnitRefusals;
  refusalCounts: UnitRefusalsRepository;
  /** Where the command calls record elevations: the elevations area, once it registered. */
  elevations: ElevationRecords;
  /** Called by the elevations area's plugin, which depends on the fleet (not the other way). */
  recordElevations(records: ElevationRecords): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    fleet: Fleet;
  }
}

/** The device side: broker (embedded unless MQTT_URL), gateway, commands and their stores. */
async function fleetPlugin(app: FastifyInstance) {
  const { config, db, log } = app;
  // What units send (connections, state, registrations) goes through the fleet's own pool.
  const { fleetDb } = app.database;
  const { instanceId } = app.telemetry;
  const enrollmentKey =
    config.FLEET_ENROLLMENT_KEY ?? (config.DEMO ? randomBytes(24).toString('base64url') : undefined);
  const topics = deviceTopics(config.MQTT_TOPIC_ROOT);
  const demoAddresses = config.DEMO ? new DemoAddressVoucher() : undefined;
  const equipment = new EquipmentRepository(db);
  const fleetEquipment = new EquipmentRepository(fleetDb);
  const presence = new PresenceRepository(fleetDb);
  // Before the link: a broker anyone may use stops the start here. Its own connection to the
  // broker, so registrations can use it at once.
  const brokerAccounts = await externalBroker(config, instanceId, topics, log);
  const credentials = new DeviceCredentials(fleetDb, enrollmentKey, brokerAccounts, app.events);

  const { telemetry } = app;
  // Every message in and out, by its topic's kind, when metrics listen (plugins/metrics.ts).
  const kindOf = (topic: string) => topics.parse(topic)?.kind ?? 'other';
  const send = (topic: string, payload: string, qos?: 0 | 1, traceparent?: string) => {
    if (telemetry.watched('mqttSent')) telemetry.emit('mqttSent', { kind: kindOf(topic) });
    return link.publish(topic, payload, qos, traceparent);
  };
  const received = (topic: string, payload: Buffer, retained?: boolean) => {
    if (telemetry.watched('mqttReceived')) telemetry.emit('mqttReceived', { kind: kindOf(topic) });
    return gateway.handleMessage(topic, payload, retained);
  };
  const refusalCounts = new UnitRefusalsRepository(fleetDb);
  const refusals = new UnitRefusals({
    topics,
    publish: (topic, payload) => send(topic, payload, 0),
    store: (tallies) => refusalCounts.add(tallies),
    refused: (reason) => telemetry.emit('unitRefused', { reason }),
    logger: log,
  });
  // The bus publishes through the link opened below; replies reach it through the gateway.
  const bus: CommandBus = new CommandBus(
    (topic, payload, traceparent) => send(topic, payload, 1, traceparent),
    config.COMMAND_TIMEOUT_MS,
    log,
    { topics, instanceId },
    (refusal) => refusals.refuse(refusal),
    (command, outcome, seconds) => telemetry.emit('commandDone', { command, outcome, seconds }),
    () => telemetry.tracer,
  );
  const gateway = new FleetGateway({
    topics,
    embedded: !config.MQTT_URL,
    repository: fleetEquipment,
    presence,
    // Read at the first unit to locate, not at start: a start that has no unit to locate spends nothing on them.
    geo: () => GeoLocator.open(),
    live: app.live,
    events: app.events,
    logger: log,
    refusals,
    onReply: (serialNumber, reply, topic) => bus.handleReply(serialNumber, reply, topic),
    rebirth: (serialNumber, newConnection) => bus.send(serialNumber, 'rebirth', { newConnection }),
    // What units say waits for the migrations (an external broker replays retained statuses at once).
    ready: app.startWork.done(),
  });
  const report = (what: string) => (err: unknown) => log.error({ err }, what);

  let broker: EmbeddedBroker | undefined;
  if (!config.MQTT_URL) {
    broker = await EmbeddedBroker.start({
      id: instanceId,
      trust: compileTrust(config.TRUSTED_PROXIES),
      vouched: demoAddresses && ((req) => demoAddresses.addressOf(req)),
      topics,
      logger: log,
      hooks: {
        verifyUnit: (serial, token) => credentials.verify(serial, token),
        unitConnected: (serial, address, will) =>
          void gateway.unitConnected(serial, address, will).catch(report('presence not stored')),
        unitDisconnected: (serial, seq) =>
          void gateway.unitDisconnected(serial, seq).catch(report('presence not stored')),
        closing: async (connections) => {
          await settledWithin(gateway, SHUTDOWN_SETTLE_MS, log);
          await presence.deaths(connections);
        },
        unitPublished: (topic, payload) => received(topic, payload),
      },
    });
    broker.attachWebSocket(app.server);
    if (config.MQTT_PORT) await broker.listenTcp(config.MQTT_PORT, config.HOST);
  }
  const link = await openMqttLink({
    instanceId,
    topics,
    embedded: broker,
    url: config.MQTT_URL,
    username: config.MQTT_USERNAME,
    password: config.MQTT_PASSWORD,
    sharedGroup: config.MQTT_SHARED_GROUP,
    onMessage: (topic, payload, retained) => received(topic, payload, retained),
    onListening: (listening) =>
      listening ? gateway.listening.connectedToBroker() : gateway.listening.disconnectedFromBroker(),
    logger: log,
  });

  const reports = new ReportsRepository(db);
  const screenShots = new ScreenShotStore(db, app.files);
  const renamer = new SerialRenamer(db, app.events);
  // Staging changed these units' records: their cards follow.
  app.events.on('stagingChanged', 'fleet', ({ serialNumbers }) => {
    for (const serial of serialNumbers) gateway.presenceChanged(serial);
  });
  const service = new FleetService({
    equipment,
    bus,
    reports,
    screenShots,
    renamer,
    presenceChanged: (serial) => gateway.presenceChanged(serial),
    voltagesReported: (serialNumber, voltages) => app.events.notify('voltagesReported', { serialNumber, voltages }),
  });
  let elevationRecords: ElevationRecords | undefined;
  const recorded = (): ElevationRecords => {
    if (!elevationRecords) throw new Error('the elevations area has not registered with the fleet');
    return elevationRecords;
  };
  app.decorate('fleet', {
    instanceId,
    topics,
    enrollmentKey,
    demoAddresses,
    broker,
    link,
    bus,
    gateway,
    credentials,
    brokerAccounts,
    equipment,
    fleetEquipment,
    presence,
    reports,
    screenShots,
    renamer,
    service,
    refusals,
    refusalCounts,
    elevations: {
      raised: (...args) => recorded().raised(...args),
      lowered: (...args) => recorded().lowered(...args),
    },
    recordElevations: (records) => {
      elevationRecords = records;
    },
  });
  app.decorate('unitCredentials', credentials);
  await app.register(deviceProtocolDocsRoutes);

  // Units whose promised heartbeat is three beats late lost their death (a broker that died
  // with it): any instance may take them offline, the sweep is idempotent and skips locked rows.
  const sweep = () => gateway.sweep().catch(report('presence sweep failed'));
  // The trend starts at boot rather than a minute later (once migrated, in the background: the
  // server answers meanwhile).
  app.startWork.add('first trend sample', async () => void equipment.recordSample().catch(report('sample not stored')));
  const timers: NodeJS.Timeout[] = [];
  // Jobs start once the start-up work is done (migrations first), never on a schema half made.
  app.addHook('onReady', async () => {
    timers.push(
      setInterval(() => void sweep(), config.PRESENCE_SWEEP_SECONDS * 1000),
      setInterval(() => void equipment.recordSample().catch(report('sample not stored')), SAMPLE_MS),
    );
    for (const timer of timers) timer.unref();
  });

  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    bus.close();
    await link.close();
    await brokerAccounts.close();
    await broker?.close();
    await settledWithin(gateway, SHUTDOWN_SETTLE_MS, log);
    gateway.stop();
    await refusals.flush();
  });
}

export default fp(fleetPlugin, { name: 'fleet', dependencies: ['database', 'files', 'live'] });
