import type { FastifyPluginAsync } from 'fastify';
import alarmsPlugin from './areas/alarms/alarms.plugin.js';
import alarmsRoutes from './areas/alarms/alarms.routes.js';
import alignersPlugin from './areas/aligners/aligners.plugin.js';
import alignersRoutes from './areas/aligners/aligners.routes.js';
import assistantPlugin from './areas/assistant/assistant.plugin.js';
import assistantRoutes from './areas/assistant/assistant.routes.js';
import auditsPlugin from './areas/audits/audits.plugin.js';
import auditsRoutes from './areas/audits/audits.routes.js';
import authRoutes from './areas/auth/auth.routes.js';
import secondFactorRoutes from './areas/auth/second-factor.routes.js';
import authServicePlugin from './areas/auth/auth-service.plugin.js';
import authenticationPlugin from './plugins/authentication.js';
import oidcPlugin from './areas/auth/oidc.plugin.js';
import oidcRoutes from './areas/auth/oidc.routes.js';
import cameraCalPlugin from './areas/camera-cal/camera-cal.plugin.js';
import cameraCalRoutes from './areas/camera-cal/camera-cal.routes.js';
import commandRoutes from './areas/fleet/commands/commands.routes.js';
import dashboardPlugin from './areas/dashboard/dashboard.plugin.js';
import dashboardRoutes from './areas/dashboard/dashboard.routes.js';
import deviceRoutes from './areas/fleet/device-identity/device.routes.js';
import easyPlugin from './areas/easy/easy.plugin.js';
import easyRoutes from './areas/easy/easy.routes.js';
import elevationsPlugin from './areas/elevations/elevations.plugin.js';
import elevationsRoutes from './areas/elevations/elevations.routes.js';
import fleetPlugin from './areas/fleet/fleet.plugin.js';
import fleetMapPlugin from './areas/fleet-map/fleet-map.plugin.js';
import fleetMapRoutes from './areas/fleet-map/fleet-map.routes.js';
import healthPlugin from './areas/health/health.plugin.js';
import healthRoutes from './areas/health/health.routes.js';
import livePlugin from './areas/live/live.plugin.js';
import messagesPlugin from './areas/messages/messages.plugin.js';
import messagesRoutes from './areas/messages/messages.routes.js';
import notificationsPlugin from './areas/notifications/notifications.plugin.js';
import notificationsRoutes from './areas/notifications/notifications.routes.js';
import packageDownloadRoutes from './areas/software/package-download.routes.js';
import radarPlugin from './areas/radar/radar.plugin.js';
import radarRoutes from './areas/radar/radar.routes.js';
import reportsRoutes from './areas/fleet/commands/reports.routes.js';
import rolloutsPlugin from './areas/rollouts/rollouts.plugin.js';
import rolloutsRoutes from './areas/rollouts/rollouts.routes.js';
import savedViewsPlugin from './areas/saved-views/saved-views.plugin.js';
import savedViewsRoutes from './areas/saved-views/saved-views.routes.js';
import schedulesRoutes from './areas/software/schedules.routes.js';
import servicesPlugin from './areas/services/services.plugin.js';
import servicesRoutes from './areas/services/services.routes.js';
import sessionCachePlugin from './areas/auth/session-cache.plugin.js';
import softwarePlugin from './areas/software/software.plugin.js';
import softwareRoutes from './areas/software/software.routes.js';
import releaseTrustRoutes from './areas/software/release-trust.routes.js';
import specsPlugin from './areas/specs/specs.plugin.js';
import specsRoutes from './areas/specs/specs.routes.js';
import ticketsPlugin from './areas/tickets/tickets.plugin.js';
import ticketsRoutes from './areas/tickets/tickets.routes.js';
import diagnosticsRoutes from './areas/tickets/diagnostics.routes.js';
import trendPlugin from './areas/trend/trend.plugin.js';
import trendRoutes from './areas/trend/trend.routes.js';
import truPointPlugin from './areas/trupoint/trupoint.plugin.js';
import truPointRoutes from './areas/trupoint/trupoint.routes.js';
import unitClaimsPlugin from './areas/unit-claims/unit-claims.plugin.js';
import unitClaimsRoutes from './areas/unit-claims/unit-claims.routes.js';
import updateSchedulerRoutes from './areas/software/update-scheduler.routes.js';
import usersPlugin from './areas/users/users.plugin.js';
import usersRepositoryPlugin from './areas/users/users-repository.plugin.js';
import usersRoutes from './areas/users/users.routes.js';
import vendorRoutes from './areas/trupoint/vendor.routes.js';
import webhooksPlugin from './areas/webhooks/webhooks.plugin.js';
import webhooksRoutes from './areas/webhooks/webhooks.routes.js';

/**
 * The areas of the server, declared once. Plugins build each area's services and decorate the
 * app with them; the order is the order of their dependencies (fastify-plugin checks each
 * plugin's declared `dependencies` at registration): the user records before sign-in, sign-in
 * before the session cache and authentication, live before the fleet, the fleet before the
 * areas that use units. healthRoutes answer outside the API (no token).
 */
export const AREA_PLUGINS: readonly FastifyPluginAsync[] = [
  usersRepositoryPlugin,
  auditsPlugin,
  authServicePlugin,
  sessionCachePlugin,
  authenticationPlugin,
  oidcPlugin,
  livePlugin,
  fleetPlugin,
  healthPlugin,
  unitClaimsPlugin,
  elevationsPlugin,
  alarmsPlugin,
  alignersPlugin,
  radarPlugin,
  ticketsPlugin,
  easyPlugin,
  truPointPlugin,
  usersPlugin,
  savedViewsPlugin,
  notificationsPlugin,
  messagesPlugin,
  cameraCalPlugin,
  trendPlugin,
  assistantPlugin,
  softwarePlugin,
  specsPlugin,
  // Checks and restarts the modules of the areas above (the home dashboard's services).
  servicesPlugin,
  dashboardPlugin,
  rolloutsPlugin,
  fleetMapPlugin,
  webhooksPlugin,
  healthRoutes,
];

/** The API's routes, by area: registered in the authenticated, audited API context. */
export const API_ROUTES: readonly FastifyPluginAsync[] = [
  authRoutes,
  secondFactorRoutes,
  oidcRoutes,
  deviceRoutes,
  commandRoutes,
  elevationsRoutes,
  alarmsRoutes,
  diagnosticsRoutes,
  reportsRoutes,
  servicesRoutes,
  alignersRoutes,
  radarRoutes,
  ticketsRoutes,
  dashboardRoutes,
  easyRoutes,
  truPointRoutes,
  vendorRoutes,
  usersRoutes,
  notificationsRoutes,
  messagesRoutes,
  auditsRoutes,
  cameraCalRoutes,
  trendRoutes,
  assistantRoutes,
  softwareRoutes,
  releaseTrustRoutes,
  schedulesRoutes,
  updateSchedulerRoutes,
  packageDownloadRoutes,
  specsRoutes,
  unitClaimsRoutes,
  savedViewsRoutes,
  rolloutsRoutes,
  fleetMapRoutes,
  webhooksRoutes,
];
