import { PAGE_SIZE } from '../constants.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { FAMILY_LABELS, type Family } from '../families.js';
import { defineRoutes, type ApiRoute } from '../http-api.js';
import {
  SCHEDULER_ROUTES,
  schedulerDevicesQuerySchema,
  schedulerDevicesSchema,
  schedulerStatisticsSchema,
} from '../update-scheduler.js';

const tag = 'update scheduler';
const read = { permission: 'updateScheduler.read' } as const;

/** A family's two reads, at the paths SCHEDULER_ROUTES gives them, and the device table's export. */
function schedulerCalls(family: Family) {
  const label = FAMILY_LABELS[family];
  const paths = SCHEDULER_ROUTES.find((r) => r.family === family)!;
  return {
    devices: {
      method: 'GET',
      path: paths.devices,
      tag,
      access: read,
      summary: `${label} with their staging and update state, 10 per page`,
      pageSize: PAGE_SIZE,
      query: schedulerDevicesQuerySchema,
      ok: { 200: schedulerDevicesSchema },
      errors: [400, 401, 403],
    },
    exportDevices: {
      method: 'GET',
      // /export/updatescheduler_aligners/v1 beside /read/updatescheduler_aligners/v1, and so on.
      path: paths.devices.replace('/read/', '/export/'),
      tag,
      access: read,
      summary: exportSummary(label),
      query: schedulerDevicesQuerySchema.omit({ page: true }),
      ...CSV_ANSWER,
    },
    statistics: {
      method: 'GET',
      path: paths.statistics,
      tag,
      access: read,
      summary: `What the update scheduler did for ${label}: totals, slot age, hourly and daily series`,
      ok: { 200: schedulerStatisticsSchema },
      errors: [401, 403],
    },
  } as const satisfies Record<string, ApiRoute>;
}

/** A family's reads: its units and what the scheduler did for them. */
export type SchedulerCalls = ReturnType<typeof schedulerCalls>;

const aligner = schedulerCalls('aligner');
const gtps = schedulerCalls('gtps');
const oasis = schedulerCalls('aligner-oasis');

/** The Update Scheduler screen's calls (part 2 §7), one set per family. */
export const updateSchedulerRoutes = defineRoutes({
  getAlignerDevices: aligner.devices,
  exportAlignerDevices: aligner.exportDevices,
  getAlignerStatistics: aligner.statistics,
  getGtpsDevices: gtps.devices,
  exportGtpsDevices: gtps.exportDevices,
  getGtpsStatistics: gtps.statistics,
  getOasisDevices: oasis.devices,
  exportOasisDevices: oasis.exportDevices,
  getOasisStatistics: oasis.statistics,
});

/** Each family's reads of the table. */
export const familySchedulerReads: Readonly<Record<Family, SchedulerCalls>> = { aligner, gtps, 'aligner-oasis': oasis };
