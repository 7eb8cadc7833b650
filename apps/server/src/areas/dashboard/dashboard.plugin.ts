import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DashboardProviders } from './dashboard.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardProviders: DashboardProviders;
  }
}

async function dashboardPlugin(app: FastifyInstance) {
  app.decorate('dashboardProviders', new DashboardProviders());
}

export default fp(dashboardPlugin, { name: 'dashboard' });
