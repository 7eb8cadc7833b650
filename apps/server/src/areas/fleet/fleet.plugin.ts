import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CommandBus } from './command-bus.js';
import { compileTrust } from './connection-address.js';
import { DeviceCredentials } from './device-credentials.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { EquipmentRepository } from './equipment.repository.js';
import { FleetGateway } from './gateway.js';
import { GeoLocator } from './geolocation.js';
import { FleetService } from './fleet.service.js';
import { openMqttLink, type MqttLink } from './mqtt-link.js';
import { ReportsRepository } from './reports.repository.js';
import { ScreenShotStore } from './screen-shots.js';
import { SerialRenamer } from './serial-renamer.js';

const HEARTBEAT_MS = 10_000;
const STALE_AFTER_SECONDS = 35;
const SAMPLE_MS = 60_000;

export interface Fleet {
  instanceId: string;
  /** The key units present to register; generated for a demo run when none is configured. */
  enrollmentKey: string | undefined;
  broker: EmbeddedBroker | undefined;
  link: MqttLink;
  bus: CommandBus;
  gateway: FleetGateway;
  credentials: DeviceCredentials;
  equipment: EquipmentRepository;
  reports: ReportsRepository;
  screenShots: ScreenShotStore;
  renamer: SerialRenamer;
  service: FleetService;
}

declare module 'fastify' {
  interface FastifyInstance {
    fleet: Fleet;
  }
}

/** The device side: broker (embedded unless MQTT_URL), gateway, commands and their stores. */
async function fleetPlugin(app: FastifyInstance) {
  const { config, db, log } = app;
  const instanceId = randomUUID();
  const enrollmentKey =
    config.FLEET_ENROLLMENT_KEY ?? (config.DEMO ? randomBytes(24).toString('base64url') : undefined);
  const equipment = new EquipmentRepository(db);
  const credentials = new DeviceCredentials(db, enrollmentKey);
  const geo = await GeoLocator.open();
  app.live.setEquipmentCounts(() => equipment.counts());

  // The bus publishes through the link opened below; replies reach it through the gateway.
  const bus: CommandBus = new CommandBus(
    (topic, payload) => link.publish(topic, payload),
    config.COMMAND_TIMEOUT_MS,
    log,
  );
  const gateway = new FleetGateway({
    instanceId,
    presenceFromStatus: Boolean(config.MQTT_URL),
    repository: equipment,
    geo,
    live: app.live,
    logger: log,
    onReply: (serialNumber, reply) => bus.handleReply(serialNumber, reply),
  });
  const report = (what: string) => (err: unknown) => log.error({ err }, what);

  let broker: EmbeddedBroker | undefined;
  if (!config.MQTT_URL) {
    broker = await EmbeddedBroker.start({
      id: instanceId,
      trust: compileTrust(config.TRUSTED_PROXIES),
      logger: log,
      hooks: {
        verifyUnit: (serial, token) => credentials.verify(serial, token),
        unitConnected: (serial, address) =>
          void gateway.unitConnected(serial, address).catch(report('presence not stored')),
        unitDisconnected: (serial) => void gateway.unitDisconnected(serial).catch(report('presence not stored')),
      },
    });
    broker.attachWebSocket(app.server);
    if (config.MQTT_PORT) await broker.listenTcp(config.MQTT_PORT, config.HOST);
  }
  const link = await openMqttLink({
    instanceId,
    embedded: broker,
    url: config.MQTT_URL,
    username: config.MQTT_USERNAME,
    password: config.MQTT_PASSWORD,
    sharedGroup: config.MQTT_SHARED_GROUP,
    onMessage: (topic, payload) => gateway.handleMessage(topic, payload),
    logger: log,
  });

  const reports = new ReportsRepository(db);
  const screenShots = new ScreenShotStore(db, config.paths.screenShots);
  const renamer = new SerialRenamer(db);
  const service = new FleetService({
    equipment,
    bus,
    reports,
    screenShots,
    renamer,
    presenceChanged: (serial) => gateway.presenceChanged(serial),
  });
  app.decorate('fleet', {
    instanceId,
    enrollmentKey,
    broker,
    link,
    bus,
    gateway,
    credentials,
    equipment,
    reports,
    screenShots,
    renamer,
    service,
  });

  const beat = () =>
    equipment
      .heartbeat(instanceId)
      .then(() => equipment.releaseOrphans(STALE_AFTER_SECONDS))
      .then(async (released) => {
        if (released > 0) await app.live.pushConnectionCounters();
      })
      .catch(report('gateway heartbeat failed'));
  await beat();
  // The trend starts at boot rather than a minute later.
  await equipment.recordSample().catch(report('sample not stored'));
  const timers = [
    setInterval(beat, HEARTBEAT_MS),
    setInterval(() => void equipment.recordSample().catch(report('sample not stored')), SAMPLE_MS),
  ];
  for (const timer of timers) timer.unref();

  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    bus.close();
    await link.close();
    await broker?.close();
    await gateway.settled();
    gateway.stop();
    await equipment.releaseInstance(instanceId).catch(report('could not release units on shutdown'));
  });
}

export default fp(fleetPlugin, { name: 'fleet', dependencies: ['database', 'live'] });
