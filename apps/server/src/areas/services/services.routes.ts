import { SERVICES, type ServiceName } from '@ed/contract/dashboard';
import { servicesRoutes } from '@ed/contract/routes/services';
import { conflict } from '../../shared/domain-error.js';
import { routesOf } from '../../shared/route-table.js';

const labels = new Map<string, string>(SERVICES.map((s) => [s.name, s.label]));

/** Service health (part 1 §2 home dashboard, §7) and the demo port. */
export default routesOf(servicesRoutes, (app) => ({
  checkServices: () => app.services.status(),
  resetService: async (request) => {
    const name: ServiceName = request.query.serviceName;
    const label = labels.get(name) ?? name;
    if (!app.services.has(name)) throw conflict(`The ${label} service is not part of this server yet.`);
    const up = await app.services.restart(name);
    app.live.broadcast('SERVICE_STATUS', await app.services.status());
    if (!up) throw conflict(`The ${label} service is still down after its restart.`);
    return { serviceName: name, up, message: `The ${label} service was restarted.` };
  },
  getDemoPort: () => ({ port: app.config.DEMO_PORT }),
}));
