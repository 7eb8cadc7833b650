import { TREND_POINTS } from '../constants.js';
import {
  connectionCountersSchema,
  connectionTrendSchema,
  installedVersionsSchema,
  latestSoftwareVersionSchema,
  specVersionsSchema,
  stagedTotalsSchema,
  ticketStatisticsSchema,
  topAlignersSchema,
} from '../dashboard.js';
import type { Family } from '../families.js';
import { defineRoutes } from '../http-api.js';

const tag = 'dashboard';
const errors = [401] as const;

/** A family's latest published software; `label` names the family as the summaries do. */
const latestRead = <P extends string>(path: P, label: string) =>
  ({
    method: 'GET',
    path,
    tag,
    access: 'signedIn',
    summary: `Latest published software for ${label} (null until one is published)`,
    ok: { 200: latestSoftwareVersionSchema },
    errors,
  }) as const;

/** A family's units with a staged download. */
const stagedRead = <P extends string>(path: P, label: string) =>
  ({
    method: 'GET',
    path,
    tag,
    access: 'signedIn',
    summary: `${label} with a staged download: total and per version`,
    ok: { 200: stagedTotalsSchema },
    errors,
  }) as const;

/** A family's installed software versions. */
const versionsRead = <P extends string>(path: P, label: string) =>
  ({
    method: 'GET',
    path,
    tag,
    access: 'signedIn',
    summary: `Installed software versions of ${label}, with counts`,
    ok: { 200: installedVersionsSchema },
    errors,
  }) as const;

/** The dashboard reads of part 1 §7, plus the counters and trend the home page opens with. */
export const dashboardRoutes = defineRoutes({
  getLatestSoftwareVersion: latestRead('/read/latest_software_version/v1', 'aligners'),
  getStagedUpdateTotals: stagedRead('/read/staged_update_totals/v1', 'aligners'),
  getAlignerSoftwareVersions: versionsRead('/read/aligner_software_versions/v1', 'aligners'),
  getLatestGtpsSoftwareVersion: latestRead('/read/latest_gtps_software_version/v1', 'Tru-Points'),
  getStagedGtpsUpdateTotals: stagedRead('/read/staged_gtps_update_totals/v1', 'Tru-Points'),
  getGtpsSoftwareVersions: versionsRead('/read/gtps_software_versions/v1', 'Tru-Points'),
  getLatestOasisSoftwareVersion: latestRead('/read/latest_oasis_software_version/v1', 'Oasis aligners'),
  getStagedOasisUpdateTotals: stagedRead('/read/staged_oasis_update_totals/v1', 'Oasis aligners'),
  getOasisSoftwareVersions: versionsRead('/read/oasis_software_versions/v1', 'Oasis aligners'),
  getSpecVersions: {
    method: 'GET',
    path: '/read/spec_versions/v1',
    tag,
    access: 'signedIn',
    summary: 'Installed spec versions, with counts',
    ok: { 200: specVersionsSchema },
    errors,
  },
  getTicketStatistics: {
    method: 'GET',
    path: '/read/ticket_statistics/v1',
    tag,
    access: 'signedIn',
    summary: 'Open, closed and total tickets, overall and per issuer',
    ok: { 200: ticketStatisticsSchema },
    errors,
  },
  getTopAligners: {
    method: 'GET',
    path: '/read/top_aligners_by_alignment_count/v1',
    tag,
    access: 'signedIn',
    summary: 'The ten units with the most alignments',
    ok: { 200: topAlignersSchema },
    errors,
  },
  getConnectionCounters: {
    method: 'GET',
    path: '/read/connection_counters/v1',
    tag,
    access: 'signedIn',
    summary: 'Connected and total units and connected users (then pushed as CONNECTION_COUNTERS)',
    ok: { 200: connectionCountersSchema },
    errors,
  },
  getConnectionTrend: {
    method: 'GET',
    path: '/read/connection_trend/v1',
    tag,
    access: 'signedIn',
    summary: `The latest ${TREND_POINTS} per-minute samples of connected units, oldest first`,
    ok: { 200: connectionTrendSchema },
    errors,
  },
});

/** Each family's three software reads, for the callers that choose them by family. */
export const familySoftwareReads = {
  aligner: {
    latest: dashboardRoutes.getLatestSoftwareVersion,
    staged: dashboardRoutes.getStagedUpdateTotals,
    versions: dashboardRoutes.getAlignerSoftwareVersions,
  },
  gtps: {
    latest: dashboardRoutes.getLatestGtpsSoftwareVersion,
    staged: dashboardRoutes.getStagedGtpsUpdateTotals,
    versions: dashboardRoutes.getGtpsSoftwareVersions,
  },
  'aligner-oasis': {
    latest: dashboardRoutes.getLatestOasisSoftwareVersion,
    staged: dashboardRoutes.getStagedOasisUpdateTotals,
    versions: dashboardRoutes.getOasisSoftwareVersions,
  },
} as const satisfies Record<Family, Record<'latest' | 'staged' | 'versions', object>>;
