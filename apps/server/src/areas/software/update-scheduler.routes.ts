import type { Family } from '@ed/contract/families';
import { updateSchedulerRoutes, type SchedulerCalls } from '@ed/contract/routes/update-scheduler';
import { routesOf, type RouteHandler } from '../../shared/route-table.js';

type FamilyHandlers = { [K in keyof SchedulerCalls]: RouteHandler<SchedulerCalls[K]> };

/** The Update Scheduler screen's calls (part 2 §7), one pair per family. */
export default routesOf(updateSchedulerRoutes, (app) => {
  const family = (f: Family): FamilyHandlers => ({
    devices: (request) => app.software.statistics.devices(f, request.query),
    statistics: () => app.software.statistics.statistics(f, app.config.AUTO_STAGE_SLOTS),
  });
  const aligner = family('aligner');
  const gtps = family('gtps');
  const oasis = family('aligner-oasis');
  return {
    getAlignerDevices: aligner.devices,
    getAlignerStatistics: aligner.statistics,
    getGtpsDevices: gtps.devices,
    getGtpsStatistics: gtps.statistics,
    getOasisDevices: oasis.devices,
    getOasisStatistics: oasis.statistics,
  };
});
