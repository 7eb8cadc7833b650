import { ezMessages, ezPackageName, type Fixture, type Target } from '@ed/contract/easy';
import { easyRoutes } from '@ed/contract/routes/easy';
import { authenticateUnit } from '../../ports/device-auth.js';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';
import { fixtureView, targetView } from './easy.service.js';

/** The columns of the Fixtures table (Actions aside); the expiry as ISO UTC, N/A for Included. */
const FIXTURE_COLUMNS: CsvColumn<Fixture>[] = [
  { header: 'Serial Number', value: (f) => f.serialNumber },
  { header: 'Activation Count', value: (f) => f.activationCount },
  { header: 'Subscription Type', value: (f) => ezPackageName(f.subscriptionPackage) ?? String(f.subscriptionPackage) },
  { header: 'Subscription Expiration (UTC)', value: (f) => f.subscriptionExpires ?? 'N/A' },
];

/** The columns of the Targets table (Actions aside). */
const TARGET_COLUMNS: CsvColumn<Target>[] = [
  { header: 'Target Name', value: (t) => t.targetName },
  { header: 'Target ID', value: (t) => t.targetId },
  { header: 'Package Index', value: (t) => t.packageIndex },
  { header: 'Package Name', value: (t) => t.packageName },
];

/** EZ ADAS (part 2 §7): the status codes and sentences the console's notices are keyed on (§8). */
export default routesOf(easyRoutes, (app) => ({
  getFixtures: async (req) => {
    const { totalDocs, docs } = await app.easy.repository.listFixtures(req.query.page, req.query.filterSerialNumber);
    return { totalDocs, docs: docs.map(fixtureView) };
  },
  exportFixtures: async (req, reply) => {
    const { repository } = app.easy;
    const filter = req.query.filterSerialNumber;
    return sendCsv(reply, {
      fileName: 'ez-fixtures.csv',
      columns: FIXTURE_COLUMNS,
      source: {
        count: () => repository.fixtureCount(filter),
        page: async (offset, limit) => (await repository.fixtureRows(filter, offset, limit)).map(fixtureView),
      },
      logger: req.log,
    });
  },
  createFixture: async (req, reply) => {
    const { serialNumber } = req.body;
    if (await app.easy.service.createFixture(serialNumber)) {
      return reply.code(201).send({ message: ezMessages.fixtureCreated(serialNumber) });
    }
    return { message: ezMessages.fixtureExists(serialNumber) };
  },
  resetFixture: async (req, reply) => {
    const { serialNumber } = req.body;
    if ((await app.easy.service.resetFixture(serialNumber)) === 'none') return reply.code(204).send(null);
    return { message: ezMessages.fixtureReset(serialNumber) };
  },
  updateSubscription: async (req) => {
    await app.easy.service.subscribe(req.body);
    return { message: ezMessages.subscriptionUpdated(req.body.serialNumber) };
  },
  deleteFixture: async (req) => {
    await app.easy.service.deleteFixture(req.body.serialNumber);
    return { message: ezMessages.fixtureDeleted(req.body.serialNumber) };
  },
  getTargets: async (req) => {
    const { totalDocs, docs } = await app.easy.repository.listTargets(req.query.page);
    return { totalDocs, docs: docs.map(targetView) };
  },
  exportTargets: async (req, reply) => {
    const { repository } = app.easy;
    return sendCsv(reply, {
      fileName: 'ez-targets.csv',
      columns: TARGET_COLUMNS,
      source: {
        count: () => repository.targetCount(),
        page: async (offset, limit) => (await repository.targetRows(offset, limit)).map(targetView),
      },
      logger: req.log,
    });
  },
  createTarget: async (req, reply) => {
    await app.easy.service.createTarget(req.body);
    return reply.code(201).send({ message: ezMessages.targetCreated(req.body.targetName) });
  },
  updateTarget: async (req) => {
    await app.easy.service.updateTarget(req.body);
    return { message: ezMessages.targetUpdated(req.body.targetName) };
  },
  deleteTarget: async (req) => {
    await app.easy.service.deleteTarget(req.body.targetName);
    return { message: ezMessages.targetDeleted(req.body.targetName) };
  },
  activate: async (req) => {
    const unit = await authenticateUnit(req, app.unitCredentials);
    return app.easy.service.activate(unit, req.body.fixtureSerialNumber, req.body.targetId);
  },
}));
