import type { RouteTable } from './http-api.js';
import { alarmsRoutes } from './routes/alarms.js';
import { alignersRoutes } from './routes/aligners.js';
import { assistantRoutes } from './routes/assistant.js';
import { auditsRoutes } from './routes/audits.js';
import { authRoutes } from './routes/auth.js';
import { secondFactorRoutes } from './routes/second-factor.js';
import { cameraCalRoutes } from './routes/camera-cal.js';
import { commandRoutes } from './routes/commands.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { devicesRoutes } from './routes/devices.js';
import { diagnosticsRoutes } from './routes/diagnostics.js';
import { easyRoutes } from './routes/easy.js';
import { elevationsRoutes } from './routes/elevations.js';
import { fleetMapRoutes } from './routes/fleet-map.js';
import { healthRoutes } from './routes/health.js';
import { messagesRoutes } from './routes/messages.js';
import { notificationsRoutes } from './routes/notifications.js';
import { packageDownloadRoutes } from './routes/package-download.js';
import { radarRoutes } from './routes/radar.js';
import { reportsRoutes } from './routes/reports.js';
import { rolloutsRoutes } from './routes/rollouts.js';
import { savedViewsRoutes } from './routes/saved-views.js';
import { schedulesRoutes } from './routes/schedules.js';
import { servicesRoutes } from './routes/services.js';
import { softwareRoutes } from './routes/software.js';
import { releaseTrustRoutes } from './routes/release-trust.js';
import { specsRoutes } from './routes/specs.js';
import { ssoRoutes } from './routes/sso.js';
import { ticketsRoutes } from './routes/tickets.js';
import { trendRoutes } from './routes/trend.js';
import { trupointRoutes } from './routes/trupoint.js';
import { unitClaimsRoutes } from './routes/unit-claims.js';
import { updateSchedulerRoutes } from './routes/update-scheduler.js';
import { usersRoutes } from './routes/users.js';
import { vendorRoutes } from './routes/vendor.js';
import { webhooksRoutes } from './routes/webhooks.js';

/**
 * Every call of the server, by area: the server registers exactly these (a test holds it to
 * that), /openapi.json documents them, and clients call them by name. The assistant's own calls,
 * served at AI_URL, are in routes/assistant-service.ts. Clients import an area's table, not this
 * one, so that a page downloads the schemas of its own calls only.
 */
export const ROUTE_TABLE = {
  alarmsRoutes,
  alignersRoutes,
  assistantRoutes,
  auditsRoutes,
  authRoutes,
  secondFactorRoutes,
  cameraCalRoutes,
  commandRoutes,
  dashboardRoutes,
  devicesRoutes,
  diagnosticsRoutes,
  easyRoutes,
  elevationsRoutes,
  fleetMapRoutes,
  healthRoutes,
  messagesRoutes,
  notificationsRoutes,
  packageDownloadRoutes,
  radarRoutes,
  releaseTrustRoutes,
  reportsRoutes,
  rolloutsRoutes,
  savedViewsRoutes,
  schedulesRoutes,
  servicesRoutes,
  softwareRoutes,
  specsRoutes,
  ssoRoutes,
  ticketsRoutes,
  trendRoutes,
  trupointRoutes,
  unitClaimsRoutes,
  updateSchedulerRoutes,
  usersRoutes,
  vendorRoutes,
  webhooksRoutes,
} as const satisfies Record<string, RouteTable>;
