import { TREND_POINTS } from '@ed/contract/constants';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { routesOf } from '../../shared/route-table.js';
import { DashboardRepository } from './dashboard.repository.js';

/** The dashboard reads of part 1 §7, plus the counters and trend the home page opens with. */
export default routesOf(dashboardRoutes, (app) => {
  const repository = new DashboardRepository(app.db);
  return {
    getLatestSoftwareVersion: () => app.dashboard.latestVersion('aligner'),
    getStagedUpdateTotals: () => repository.stagedTotals('aligner'),
    getAlignerSoftwareVersions: () => repository.installedVersions('aligner'),
    getLatestGtpsSoftwareVersion: () => app.dashboard.latestVersion('gtps'),
    getStagedGtpsUpdateTotals: () => repository.stagedTotals('gtps'),
    getGtpsSoftwareVersions: () => repository.installedVersions('gtps'),
    getLatestOasisSoftwareVersion: () => app.dashboard.latestVersion('aligner-oasis'),
    getStagedOasisUpdateTotals: () => repository.stagedTotals('aligner-oasis'),
    getOasisSoftwareVersions: () => repository.installedVersions('aligner-oasis'),
    getSpecVersions: () => repository.specVersions(),
    getTicketStatistics: () => app.dashboard.ticketStatistics(),
    getTopAligners: () => repository.topByAlignmentCount(10),
    getConnectionCounters: () => app.live.connectionCounters(),
    getConnectionTrend: () => repository.trend(TREND_POINTS),
  };
});
