import { z } from 'zod';

/** Shared dashboard state of part 1 §3. */
export const connectionCountersSchema = z.object({
  connectedAligners: z.number().int(),
  totalAligners: z.number().int(),
  connectedUsers: z.number().int(),
});
export type ConnectionCounters = z.infer<typeof connectionCountersSchema>;

const byIssuer = z.array(z.object({ issuerUsername: z.string(), total: z.number().int() }));
export const ticketStatisticsSchema = z.object({
  openTicketCount: z.number().int(),
  closedTicketCount: z.number().int(),
  totalTickets: z.number().int(),
  openTicketsByIssuerUsername: byIssuer,
  closedTicketsByIssuerUsername: byIssuer,
  totalTicketsByIssuerUsername: byIssuer,
});
export type TicketStatistics = z.infer<typeof ticketStatisticsSchema>;

export const stagedTotalsSchema = z.object({
  total: z.number().int(),
  versions: z.record(z.string(), z.number().int()),
});
export type StagedTotals = z.infer<typeof stagedTotalsSchema>;

/** The 13 services of the home dashboard (part 1 §2), in display order. */
export const SERVICES = [
  { name: 'logging', label: 'logging' },
  { name: 'gateway', label: 'gateway' },
  { name: 'auth', label: 'auth' },
  { name: 'equipment', label: 'equipment' },
  { name: 'alignerUpdate', label: 'aligner update' },
  { name: 'truPointUpdate', label: 'Tru-Point update' },
  { name: 'radar', label: 'radar' },
  { name: 'cameraCalibration', label: 'camera calibration' },
  { name: 'ezAdas', label: 'EZ-ADAS' },
  { name: 'truPointIntegrations', label: 'Tru-Point integrations' },
  { name: 'dashboard', label: 'dashboard' },
  { name: 'websockets', label: 'websockets' },
  { name: 'notifications', label: 'Notifications' },
] as const;
const serviceNameSchema = z.enum(SERVICES.map((s) => s.name) as [string, ...string[]]);
export type ServiceName = (typeof SERVICES)[number]['name'];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A service named by its name or by the label the dashboard shows ("aligner update", "EZ-ADAS"), in any case. */
const serviceByText = (text: string): ServiceName | undefined =>
  SERVICES.find((s) => squash(s.name) === squash(text) || squash(s.label) === squash(text))?.name;

/** POST /api/v1/reset_service/?serviceName={name}: the spec names the service by what the list shows. */
export const resetServiceQuerySchema = z.object({
  serviceName: z
    .string({ error: 'serviceName is required' })
    .transform((text) => serviceByText(text) ?? text)
    .pipe(
      z.enum(
        SERVICES.map((s) => s.name),
        { error: `serviceName must be one of ${SERVICES.map((s) => s.label).join(', ')}` },
      ),
    ),
});

export const serviceStatusSchema = z.array(z.object({ name: serviceNameSchema, label: z.string(), up: z.boolean() }));
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** Latest published software of a family; null until one is published. */
export const latestSoftwareVersionSchema = z
  .object({ semantic: z.string(), meta: z.string().nullable(), path: z.string() })
  .nullable();
export type LatestSoftwareVersion = z.infer<typeof latestSoftwareVersionSchema>;

/** Installed versions of a family: how many units run each. */
export const installedVersionsSchema = z.array(z.object({ version: z.string(), total: z.number().int() }));
export type InstalledVersions = z.infer<typeof installedVersionsSchema>;

export const specVersionsSchema = z.array(z.object({ name: z.string(), total: z.number().int() }));

/** The ten units with the most alignments. */
export const topAlignersSchema = z.array(
  z.object({ _id: z.object({ serialNumber: z.string() }), count: z.number().int() }),
);

/** The connected-equipment trend: one point per minute, oldest first. */
export const connectionTrendSchema = z.array(
  z.object({ at: z.iso.datetime(), connected: z.number().int(), total: z.number().int() }),
);
export type ConnectionTrend = z.infer<typeof connectionTrendSchema>;

/** Percent ring of the home dashboard: floor(connected / total × 100), 0 when there are none. */
export const connectedPercent = (connected: number, total: number): number =>
  total > 0 ? Math.floor((connected / total) * 100) : 0;
