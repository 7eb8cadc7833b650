import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Family } from '@ed/contract/families';
import type { TicketStatistics } from '@ed/contract/dashboard';
import { DashboardRepository } from './dashboard.repository.js';

/** What the dashboard shows of other areas: the newest release of a family, the tickets' numbers. */
interface DashboardSources {
  latestVersion(family: Family): ReturnType<FastifyInstance['software']['service']['latestVersion']>;
  ticketStatistics(): Promise<TicketStatistics>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardSources;
  }
}

/** The home dashboard's numbers; the consoles' cards and charts follow what other areas tell. */
async function dashboardPlugin(app: FastifyInstance) {
  const totals = new DashboardRepository(app.db);
  app.decorate('dashboard', {
    latestVersion: (family) => app.software.service.latestVersion(family),
    ticketStatistics: () => app.tickets.statistics(),
  });
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

export default fp(dashboardPlugin, {
  name: 'dashboard',
  dependencies: ['database', 'live', 'software', 'tickets'],
});
