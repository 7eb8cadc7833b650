import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { scheduledStages, specDeliveries, stagedUpdates } from '../../db/schema.js';
import { DeliveryTracker } from './delivery-tracker.js';
import { PackageFiles } from './package-files.js';
import { PackageStore } from './package-store.js';
import { PackageVerifier } from './package-verifier.js';
import { ReleaseRoots } from './release-roots.js';
import { Schedules } from './schedules.js';
import { SchedulerReads } from './scheduler-statistics.js';
import { SoftwareRepository, type SoftwareUpdateRow } from './software.repository.js';
import { SoftwareService } from './software.service.js';
import { SpecDelivery } from './spec-delivery.js';
import { seedSoftwareDemo, writeSignedDemoPackages } from './software.demo.js';
import type { DemoSigner } from './demo-release-keys.js';
import { UpdateScheduler } from './update-scheduler.js';
import { UnitTeller } from './unit-teller.js';
import { TellRound } from './tell-round.js';
import { scheduleJob } from '../../shared/job-timer.js';

/** The shortest lease of a tell's claim (unit-teller.ts). */
const TELL_LEASE_MIN_MS = 30_000;
import type { Staging } from '../../ports/staging.js';

/** The time the area acts on; tests replace `now` to move a schedule's date or a hung timeout. */
interface AreaClock {
  now(): Date;
}

interface SoftwareArea {
  clock: AreaClock;
  /** Publishes the demo packages (demo mode); `written`: their files, as writeSignedDemoPackages wrote them. */
  seedDemo(written?: Promise<DemoSigner | undefined>): Promise<void>;
  store: PackageStore;
  packageFiles: PackageFiles;
  repository: SoftwareRepository;
  service: SoftwareService;
  schedules: Schedules;
  scheduler: UpdateScheduler;
  statistics: SchedulerReads;
  tracker: DeliveryTracker;
  /** The tells still owed, each round (the JOB_INTERVAL_MS timer; tests run it with their clock). */
  tellRound: TellRound;
  /** Staging as rollouts use it: the one delivery path. */
  staging: Staging;
  /** The release roots this console trusts (docs/signed-updates.md). */
  roots: ReleaseRoots;
}

declare module 'fastify' {
  interface FastifyInstance {
    software: SoftwareArea;
  }
}

/** Software updates: packages, publishing, staging, schedules and the update scheduler. */
async function softwarePlugin(app: FastifyInstance) {
  const { config, db, fleet, log } = app;
  const clock: AreaClock = { now: () => new Date() };
  const now = () => clock.now();
  await mkdir(config.paths.updates, { recursive: true });
  const roots = new ReleaseRoots(db, { rootFile: config.RELEASE_ROOT_FILE, now, logger: log });
  const verifier = new PackageVerifier(roots, { allowUnsigned: config.ALLOW_UNSIGNED_UPDATES, now });
  const store = new PackageStore(config.paths.updates, verifier);
  const packageFiles = new PackageFiles(db, app.files, store, log);
  const repository = new SoftwareRepository(db);
  // A tell's claim outlives any one send: three commands' time, never under half a minute.
  const leaseMs = Math.max(TELL_LEASE_MIN_MS, 3 * config.COMMAND_TIMEOUT_MS);
  const teller: UnitTeller = new UnitTeller({
    equipment: fleet.equipment,
    commands: fleet.bus,
    repository,
    now,
    leaseMs,
    alreadyRuns: (serial) => tracker.unitChanged(serial),
    roots: () => roots.chain(),
  });
  const tellUnit = (serialNumber: string, update: SoftwareUpdateRow | null) => teller.tell(serialNumber, update);

  const service = new SoftwareService({
    db,
    repository,
    store,
    packageFiles,
    findUnit: (serial, tx) => fleet.equipment.findBySerial(serial, tx),
    findUnits: (serials, tx) => fleet.equipment.findBySerials(serials, tx),
    tellUnit,
    events: app.events,
    now,
    logger: log,
  });
  const tracker = new DeliveryTracker({
    db,
    repository,
    fleetRepository: new SoftwareRepository(app.database.fleetDb),
    service,
    findUnit: (serial) => fleet.equipment.findBySerial(serial),
    findUpdate: (id) => repository.byId(id),
    tellUnit,
    events: app.events,
    now,
    logger: log,
  });
  const tellRound = new TellRound({
    repository,
    tell: (serial, update, at) => teller.tell(serial, update, at),
    leaseMs,
    logger: log,
  });
  scheduleJob(app, { name: 'tell', intervalMs: config.JOB_INTERVAL_MS, tick: (at) => tellRound.run(at) });
  const specs = new SpecDelivery({
    db,
    leaseMs,
    tell: async (serialNumber, spec) => {
      await fleet.bus.send(serialNumber, 'stage_specs', {
        version: { name: spec.name, month: spec.month, year: spec.year },
        url: `/device/v1/spec-packages/${spec.id}/`,
        files: spec.files,
        ...(spec.releaseMetadata ? { release: spec.releaseMetadata, roots: await roots.chain() } : {}),
      });
    },
    now,
    logger: log,
  });
  const scheduler = new UpdateScheduler({
    specs,
    db,
    repository,
    service,
    slots: config.AUTO_STAGE_SLOTS,
    hungAfterHours: config.HUNG_AFTER_HOURS,
    now,
    logger: log,
  });
  const staging: Staging = {
    findUpdate: (family, semantic, tx) => repository.find(family, semantic, tx),
    versions: (family, limit) => repository.list(family, limit),
    stageMany: (tx, family, serials, semantic) => service.stageManyIn(tx, family, serials, semantic),
    clear: async (tx, serialNumber, semantic) => {
      const [staged] = await tx
        .select({ semantic: stagedUpdates.semantic })
        .from(stagedUpdates)
        .where(eq(stagedUpdates.serialNumber, serialNumber));
      if (staged?.semantic !== semantic) return false;
      await repository.clearStaged(serialNumber, tx);
      return true;
    },
    told: (family, changes) => service.afterStaging(family, changes),
  };
  const schedules = new Schedules(db, repository, now, app.savedViews);
  const statistics = new SchedulerReads(db, now);
  app.decorate('software', {
    clock,
    store,
    packageFiles,
    repository,
    service,
    schedules,
    scheduler,
    statistics,
    tracker,
    tellRound,
    staging,
    roots,
    seedDemo: (written) =>
      seedSoftwareDemo(
        service,
        repository,
        roots,
        written ??
          writeSignedDemoPackages(config.paths.updates, config.paths.demoReleaseKeys, !!config.RELEASE_ROOT_FILE),
        log,
      ),
  });

  app.events.on('unitChanged', 'software', ({ serialNumber }) => tracker.unitChanged(serialNumber));
  app.events.on('unitRenamed', 'software', async ({ tx, from, to }) => {
    await tx.update(stagedUpdates).set({ serialNumber: to }).where(eq(stagedUpdates.serialNumber, from));
    await tx.update(scheduledStages).set({ serialNumber: to }).where(eq(scheduledStages.serialNumber, from));
    await tx.update(specDeliveries).set({ serialNumber: to }).where(eq(specDeliveries.serialNumber, from));
  });

  app.startWork.add('older packages', async () => {
    const imported = await packageFiles.importOlder();
    if (imported > 0) log.info({ imported }, 'packages created before the file store copied into it');
    if (config.SCHEDULER_TICK_SECONDS > 0) scheduler.start(config.SCHEDULER_TICK_SECONDS * 1000, 'next-tick');
  });
  app.addHook('preClose', async () => {
    await scheduler.stop();
    await tracker.settled();
  });
}

export default fp(softwarePlugin, {
  name: 'software',
  dependencies: ['database', 'fleet', 'files', 'saved-views'],
});
