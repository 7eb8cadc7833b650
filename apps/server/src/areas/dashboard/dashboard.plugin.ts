import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StagedTotalsReader } from '../../ports/dashboard.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardProviders } from './dashboard.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardProviders: DashboardProviders;
    /** The staged totals, which the software area pushes to the consoles when staging changes. */
    dashboardTotals: StagedTotalsReader;
  }
}

async function dashboardPlugin(app: FastifyInstance) {
  app.decorate('dashboardProviders', new DashboardProviders());
  app.decorate('dashboardTotals', new DashboardRepository(app.db));
}

export default fp(dashboardPlugin, { name: 'dashboard', dependencies: ['database'] });
