import type { Family } from '@ed/contract/families';
import { updateSchedulerRoutes, type SchedulerCalls } from '@ed/contract/routes/update-scheduler';
import type { SchedulerDevice } from '@ed/contract/update-scheduler';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf, type RouteHandler } from '../../shared/route-table.js';

type FamilyHandlers = { [K in keyof SchedulerCalls]: RouteHandler<SchedulerCalls[K]> };

/** The columns of the scheduler's device table, dates as ISO UTC. */
const DEVICE_COLUMNS: CsvColumn<SchedulerDevice>[] = [
  { header: 'Serial Number', value: (d) => d.serialNumber },
  { header: 'Country', value: (d) => d.geolocation.country_code },
  { header: 'Family', value: (d) => d.family },
  { header: 'Current Version', value: (d) => d.version?.semantic },
  { header: 'Last Online At (UTC)', value: (d) => d.lastSeenOnlineAt },
  // As the table shows it: "(yes)" when the scheduler staged it, "yes" when a person did.
  { header: 'Staged', value: (d) => (d.staging.isStaged ? (d.staging.autoStaged ? '(yes)' : 'yes') : 'no') },
  { header: 'Staged Version', value: (d) => d.staging.stagedVersion?.semantic },
  { header: 'Staged At (UTC)', value: (d) => d.staging.stagedAt },
  { header: 'Connected', value: (d) => (d.connected ? 'yes' : 'no') },
  { header: 'State', value: (d) => d.bestGuessAtSoftwareUpdateState },
  { header: 'Update Version', value: (d) => (d.connected ? d.bestGuessAtSoftwareUpdateVersion?.semantic : null) },
];

/** The Update Scheduler screen's calls (part 2 §7), one set per family. */
export default routesOf(updateSchedulerRoutes, (app) => {
  const family = (f: Family): FamilyHandlers => ({
    devices: (request) => app.software.statistics.devices(f, request.query),
    exportDevices: (request, reply) =>
      sendCsv(reply, {
        fileName: `update-scheduler-${f}.csv`,
        columns: DEVICE_COLUMNS,
        source: app.software.statistics.exportSource(f, request.query),
        logger: request.log,
      }),
    statistics: () => app.software.statistics.statistics(f, app.config.AUTO_STAGE_SLOTS),
  });
  const aligner = family('aligner');
  const gtps = family('gtps');
  const oasis = family('aligner-oasis');
  return {
    getAlignerDevices: aligner.devices,
    exportAlignerDevices: aligner.exportDevices,
    getAlignerStatistics: aligner.statistics,
    getGtpsDevices: gtps.devices,
    exportGtpsDevices: gtps.exportDevices,
    getGtpsStatistics: gtps.statistics,
    getOasisDevices: oasis.devices,
    exportOasisDevices: oasis.exportDevices,
    getOasisStatistics: oasis.statistics,
  };
});
