import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TREND_POINTS } from '@ed/contract/constants';
import {
  connectionCountersSchema,
  connectionTrendSchema,
  installedVersionsSchema,
  latestSoftwareVersionSchema,
  specVersionsSchema,
  stagedTotalsSchema,
  ticketStatisticsSchema,
  topAlignersSchema,
} from '@ed/contract/dashboard';
import type { Family } from '@ed/contract/families';
import { errorResponses } from '../../shared/route-schema.js';
import { DashboardRepository } from './dashboard.repository.js';

const FAMILY_ROUTES: { family: Family; latest: string; staged: string; versions: string; label: string }[] = [
  {
    family: 'aligner',
    latest: '/read/latest_software_version/v1',
    staged: '/read/staged_update_totals/v1',
    versions: '/read/aligner_software_versions/v1',
    label: 'aligners',
  },
  {
    family: 'gtps',
    latest: '/read/latest_gtps_software_version/v1',
    staged: '/read/staged_gtps_update_totals/v1',
    versions: '/read/gtps_software_versions/v1',
    label: 'Tru-Points',
  },
  {
    family: 'aligner-oasis',
    latest: '/read/latest_oasis_software_version/v1',
    staged: '/read/staged_oasis_update_totals/v1',
    versions: '/read/oasis_software_versions/v1',
    label: 'Oasis aligners',
  },
];

/** The dashboard reads of part 1 §7, plus the counters and trend the home page opens with. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = new DashboardRepository(app.db);
  const tags = ['dashboard'];
  const errors = errorResponses(401);

  for (const r of FAMILY_ROUTES) {
    app.get(
      r.latest,
      {
        schema: {
          tags,
          summary: `Latest published software for ${r.label} (null until one is published)`,
          response: { 200: latestSoftwareVersionSchema, ...errors },
        },
      },
      () => app.dashboardProviders.latestVersion(r.family),
    );
    app.get(
      r.staged,
      {
        schema: {
          tags,
          summary: `${r.label} with a staged download: total and per version`,
          response: { 200: stagedTotalsSchema, ...errors },
        },
      },
      () => repository.stagedTotals(r.family),
    );
    app.get(
      r.versions,
      {
        schema: {
          tags,
          summary: `Installed software versions of ${r.label}, with counts`,
          response: { 200: installedVersionsSchema, ...errors },
        },
      },
      () => repository.installedVersions(r.family),
    );
  }

  app.get(
    '/read/spec_versions/v1',
    {
      schema: {
        tags,
        summary: 'Installed spec versions, with counts',
        response: { 200: specVersionsSchema, ...errors },
      },
    },
    () => repository.specVersions(),
  );
  app.get(
    '/read/ticket_statistics/v1',
    {
      schema: {
        tags,
        summary: 'Open, closed and total tickets, overall and per issuer',
        response: { 200: ticketStatisticsSchema, ...errors },
      },
    },
    () => app.dashboardProviders.ticketStatistics(),
  );
  app.get(
    '/read/top_aligners_by_alignment_count/v1',
    {
      schema: {
        tags,
        summary: 'The ten units with the most alignments',
        response: { 200: topAlignersSchema, ...errors },
      },
    },
    () => repository.topByAlignmentCount(10),
  );
  app.get(
    '/read/connection_counters/v1',
    {
      schema: {
        tags,
        summary: 'Connected and total units and connected users (then pushed as CONNECTION_COUNTERS)',
        response: { 200: connectionCountersSchema, ...errors },
      },
    },
    () => app.live.connectionCounters(),
  );
  app.get(
    '/read/connection_trend/v1',
    {
      schema: {
        tags,
        summary: `The latest ${TREND_POINTS} per-minute samples of connected units, oldest first`,
        response: { 200: connectionTrendSchema, ...errors },
      },
    },
    () => repository.trend(TREND_POINTS),
  );
}
