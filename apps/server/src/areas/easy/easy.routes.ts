import { ezMessages } from '@ed/contract/easy';
import { easyRoutes } from '@ed/contract/routes/easy';
import { authenticateUnit } from '../../ports/device-auth.js';
import { routesOf } from '../../shared/route-table.js';
import { fixtureView, targetView } from './easy.service.js';

/** EZ ADAS (part 2 §7): the status codes and sentences the console's notices are keyed on (§8). */
export default routesOf(easyRoutes, (app) => ({
  getFixtures: async (req) => {
    const { totalDocs, docs } = await app.easy.repository.listFixtures(req.query.page, req.query.filterSerialNumber);
    return { totalDocs, docs: docs.map(fixtureView) };
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
    const unit = await authenticateUnit(req, app.fleet.credentials);
    return app.easy.service.activate(unit, req.body.fixtureSerialNumber, req.body.targetId);
  },
}));
