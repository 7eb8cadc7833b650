import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import alignersPlugin from './areas/aligners/aligners.plugin.js';
import alignersRoutes from './areas/aligners/aligners.routes.js';
import cameraCalPlugin from './areas/camera-cal/camera-cal.plugin.js';
import cameraCalRoutes from './areas/camera-cal/camera-cal.routes.js';
import trendPlugin from './areas/trend/trend.plugin.js';
import trendRoutes from './areas/trend/trend.routes.js';
import assistantPlugin from './areas/assistant/assistant.plugin.js';
import assistantRoutes from './areas/assistant/assistant.routes.js';
import authServicePlugin from './areas/auth/auth-service.plugin.js';
import authRoutes from './areas/auth/auth.routes.js';
import sessionCachePlugin from './areas/auth/session-cache.plugin.js';
import auditsPlugin from './areas/audits/audits.plugin.js';
import auditsRoutes from './areas/audits/audits.routes.js';
import messagesPlugin from './areas/messages/messages.plugin.js';
import messagesRoutes from './areas/messages/messages.routes.js';
import notificationsPlugin from './areas/notifications/notifications.plugin.js';
import notificationsRoutes from './areas/notifications/notifications.routes.js';
import usersPlugin from './areas/users/users.plugin.js';
import usersRepositoryPlugin from './areas/users/users-repository.plugin.js';
import usersRoutes from './areas/users/users.routes.js';
import commandRoutes from './areas/fleet/commands.routes.js';
import deviceRoutes from './areas/fleet/device.routes.js';
import fleetPlugin from './areas/fleet/fleet.plugin.js';
import reportsRoutes from './areas/fleet/reports.routes.js';
import dashboardPlugin from './areas/dashboard/dashboard.plugin.js';
import dashboardRoutes from './areas/dashboard/dashboard.routes.js';
import healthRoutes from './areas/health/health.routes.js';
import easyPlugin from './areas/easy/easy.plugin.js';
import easyRoutes from './areas/easy/easy.routes.js';
import truPointPlugin from './areas/trupoint/trupoint.plugin.js';
import truPointRoutes from './areas/trupoint/trupoint.routes.js';
import vendorRoutes from './areas/trupoint/vendor.routes.js';
import radarPlugin from './areas/radar/radar.plugin.js';
import radarRoutes from './areas/radar/radar.routes.js';
import ticketsPlugin from './areas/tickets/tickets.plugin.js';
import ticketsRoutes from './areas/tickets/tickets.routes.js';
import servicesPlugin from './areas/services/services.plugin.js';
import packageDownloadRoutes from './areas/software/package-download.routes.js';
import schedulesRoutes from './areas/software/schedules.routes.js';
import softwarePlugin from './areas/software/software.plugin.js';
import softwareRoutes from './areas/software/software.routes.js';
import updateSchedulerRoutes from './areas/software/update-scheduler.routes.js';
import specsRoutes from './areas/specs/specs.routes.js';
import unitClaimsRoutes from './areas/unit-claims/unit-claims.routes.js';
import apiRateLimitPlugin from './plugins/api-rate-limit.js';
import servicesRoutes from './areas/services/services.routes.js';
import livePlugin from './areas/live/live.plugin.js';
import authenticationPlugin from './plugins/authentication.js';
import clockPlugin from './plugins/clock.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin from './plugins/errors.js';
import flagsPlugin from './plugins/flags.js';
import mailerPlugin from './plugins/mailer.js';
import openapiPlugin from './plugins/openapi.js';
import emptyJsonBodyPlugin from './plugins/empty-json-body.js';
import controlCharactersPlugin from './plugins/control-characters.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import webAppPlugin from './plugins/web-app.js';
import filesPlugin from './plugins/files.js';
import { withoutQueryValues } from './shared/request-log.js';
import { serverLogger } from './shared/server-logger.js';
import { EventBus } from './shared/event-bus.js';
import type { DomainEvents } from './ports/domain-events.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const levelEnabled = (threshold: string, level: string) =>
  (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[threshold] ?? Infinity);

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Fastify's logger options (tests: `false`, or a stream of their own). */
  logger?: FastifyServerOptions['logger'];
  /** The server's logger, made by the caller (main.ts, which gives it to the database first). */
  loggerInstance?: FastifyBaseLogger;
  /** Where the log goes when neither is given (default: JSON lines on stdout). */
  logStream?: DestinationStream;
}

export async function buildApp({
  config,
  database,
  logger,
  loggerInstance,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger === undefined ? { loggerInstance: loggerInstance ?? serverLogger(config, logStream) } : { logger }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request (below) instead of Fastify's two, each with the whole request serialised.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUSTED_PROXIES ? config.TRUSTED_PROXIES.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('events', new EventBus<DomainEvents>(app.log));
  // The other response headers (CSP, nosniff, frame and referrer policies…) are security-headers.ts's.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // A demo's terminal is for the person trying it: its requests (hundreds a second from the
  // simulated units) are logged at debug. A level that leaves them out skips the hook altogether.
  const requestLevel = config.DEMO ? 'debug' : 'info';
  if (levelEnabled(app.log.level, requestLevel)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log[requestLevel](
        {
          method: request.method,
          url: withoutQueryValues(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // JSON and text answers above 1 KB go out compressed; files (screen shots, packages, the web
  // app's precompressed assets) are not compressed again per request.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(application\/(json|problem\+json)|text\/(plain|csv|html))(;|$)/,
  });
  await app.register(formbody);
  await app.register(emptyJsonBodyPlugin);
  await app.register(controlCharactersPlugin);
  await app.register(databasePlugin, { database, vacuumMinutes: config.PGLITE_VACUUM_MINUTES });
  await app.register(filesPlugin);
  await app.register(mailerPlugin);
  await app.register(openapiPlugin);
  await app.register(clockPlugin);
  await app.register(auditsPlugin);
  await app.register(usersRepositoryPlugin);
  await app.register(authServicePlugin);
  await app.register(sessionCachePlugin);
  await app.register(authenticationPlugin);
  await app.register(livePlugin);
  await app.register(fleetPlugin);
  await app.register(servicesPlugin);
  await app.register(dashboardPlugin);
  await app.register(alignersPlugin);
  await app.register(radarPlugin);
  await app.register(ticketsPlugin);
  await app.register(easyPlugin);
  await app.register(truPointPlugin);
  await app.register(usersPlugin);
  await app.register(notificationsPlugin);
  await app.register(messagesPlugin);
  await app.register(cameraCalPlugin);
  await app.register(trendPlugin);
  await app.register(assistantPlugin);
  await app.register(softwarePlugin);
  await app.register(healthRoutes);
  await app.register(flagsPlugin);
  // The API context: every route in it needs a token unless it says it is public.
  await app.register(async (api) => {
    api.addHook('onRequest', api.authenticate);
    // Every call that changes something is audited, whichever area adds it.
    api.addHook('onResponse', api.audits.onResponse);
    // After authentication: a signed-in user's calls count against the user, the others' against the address.
    await api.register(apiRateLimitPlugin);
    await api.register(authRoutes);
    await api.register(deviceRoutes);
    await api.register(commandRoutes);
    await api.register(reportsRoutes);
    await api.register(servicesRoutes);
    await api.register(alignersRoutes);
    await api.register(radarRoutes);
    await api.register(ticketsRoutes);
    await api.register(dashboardRoutes);
    await api.register(easyRoutes);
    await api.register(truPointRoutes);
    await api.register(vendorRoutes);
    await api.register(usersRoutes);
    await api.register(notificationsRoutes);
    await api.register(messagesRoutes);
    await api.register(auditsRoutes);
    await api.register(cameraCalRoutes);
    await api.register(trendRoutes);
    await api.register(assistantRoutes);
    await api.register(softwareRoutes);
    await api.register(schedulesRoutes);
    await api.register(updateSchedulerRoutes);
    await api.register(packageDownloadRoutes);
    await api.register(specsRoutes);
    await api.register(unitClaimsRoutes);
  });
  await app.register(webAppPlugin);
  await app.startWork.done();
  return app;
}
