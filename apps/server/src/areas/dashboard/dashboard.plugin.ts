import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DashboardRepository } from './dashboard.repository.js';

/** The home dashboard's numbers; the consoles' cards and charts follow what other areas tell. */
async function dashboardPlugin(app: FastifyInstance) {
  const totals = new DashboardRepository(app.db);
  app.events.on('stagingChanged', 'dashboard', async ({ family }) => {
    app.live.broadcast('SOFTWARE_UPDATES_STAGED', { family, totals: await totals.stagedTotals(family) });
  });
  app.events.on('updatePublished', 'dashboard', ({ update, username }) =>
    app.live.broadcast('NEW_SOFTWARE_UPDATE_CREATED', {
      family: update.family,
      version: update.version,
      path: update.path,
      isLatest: update.isLatest,
      username,
    }),
  );
}

export default fp(dashboardPlugin, { name: 'dashboard', dependencies: ['database', 'live'] });
