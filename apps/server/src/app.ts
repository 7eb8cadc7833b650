import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyPluginOptions,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installPlainZodMessages } from '@ed/contract/zod-messages';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import apiRateLimitPlugin from './plugins/api-rate-limit.js';
import clockPlugin from './plugins/clock.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin from './plugins/errors.js';
import flagsPlugin from './plugins/flags.js';
import mailerPlugin from './plugins/mailer.js';
import openapiPlugin from './plugins/openapi.js';
import emptyJsonBodyPlugin from './plugins/empty-json-body.js';
import controlCharactersPlugin from './plugins/control-characters.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import metricsPlugin from './plugins/metrics.js';
import tracingPlugin from './plugins/tracing.js';
import webAppPlugin from './plugins/web-app.js';
import { RouteMethods } from './shared/route-methods.js';
import filesPlugin from './plugins/files.js';
import { withoutQueryValues } from './shared/request-log.js';
import { serverLogger } from './shared/server-logger.js';
import { API_ROUTES, AREA_PLUGINS } from './areas.js';
import { EventBus } from './shared/event-bus.js';
import { StartSteps } from './shared/start-steps.js';
import { Telemetry } from './shared/telemetry.js';
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
  /** Spans go here instead of OTLP (tests: the SDK's in-memory exporter); turns tracing on. */
  spanExporter?: SpanExporter;
  /** Where the start's steps are timed (main.ts logs them); each plugin's registration is one. */
  steps?: StartSteps;
}

/** A plugin's name as fastify-plugin gives it ("fleet"), else its function's. */
const pluginName = (plugin: object): string =>
  (plugin as Record<symbol, string | undefined>)[Symbol.for('fastify.display-name')] ??
  (plugin as { name?: string }).name ??
  'anonymous';

export async function buildApp({
  config,
  database,
  logger,
  loggerInstance,
  logStream,
  spanExporter,
  steps = new StartSteps(),
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger === undefined ? { loggerInstance: loggerInstance ?? serverLogger(config, logStream) } : { logger }),
    // The server names every request: a client's X-Request-Id is kept beside it (below), so one
    // request cannot pose as another in the log or the audit trail.
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request (below) instead of Fastify's two, each with the whole request serialised.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUSTED_PROXIES ? config.TRUSTED_PROXIES.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
  });
  // Refusals name the field and say the rule in words (packages/contract/src/zod-messages.ts).
  installPlainZodMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Every route as it is registered, for the 405 of a known path called with another method (web-app.ts).
  const routeMethods = new RouteMethods();
  app.addHook('onRoute', (route) => routeMethods.add(route.method, route.url));
  app.decorate('events', new EventBus<DomainEvents>(app.log));
  // What the parts tell whoever watches (plugins/metrics.ts): nothing is listening unless metrics are on.
  app.decorate('telemetry', new Telemetry());
  // The other response headers (CSP, nosniff, frame and referrer policies…) are security-headers.ts's.
  app.decorateRequest('clientRequestId', null);
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-request-id'];
    request.clientRequestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : null;
  });
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
          ...(request.clientRequestId ? { clientRequestId: request.clientRequestId } : {}),
        },
        'request',
      );
      done();
    });
  }

  // Each registration is a step of the start, under the plugin's own name.
  const register = <Options extends FastifyPluginOptions>(
    plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
    options = {} as Options,
  ) => steps.time(`plugin ${pluginName(plugin)}`, () => app.register(plugin, options));

  // First of the request hooks: every other hook and the handler run inside the request's span.
  await register(tracingPlugin, { exporter: spanExporter, database });
  await register(errorsPlugin);
  await register(securityHeadersPlugin);
  // JSON and text answers above 1 KB go out compressed; files (screen shots, packages, the web
  // app's precompressed assets) are not compressed again per request.
  await register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(application\/(json|problem\+json)|text\/(plain|csv|html))(;|$)/,
  });
  await register(formbody);
  await register(emptyJsonBodyPlugin);
  await register(controlCharactersPlugin);
  await register(databasePlugin, { database, vacuumMinutes: config.PGLITE_VACUUM_MINUTES, steps });
  await register(filesPlugin);
  await register(mailerPlugin);
  await register(openapiPlugin);
  await register(metricsPlugin);
  await register(clockPlugin);
  // The areas, in the order of the list (areas.ts): each after the plugins it depends on.
  for (const plugin of AREA_PLUGINS) await register(plugin);
  await register(flagsPlugin);
  // The API context: every route in it needs a token unless it says it is public.
  await steps.time('routes', () =>
    app.register(async (api) => {
      // First: an address that keeps failing authentication is refused before it is tried again;
      // after authentication a signed-in user's calls count against the user, the others' against the address.
      await api.register(apiRateLimitPlugin);
      api.addHook('onRequest', api.authenticate);
      // Every call that changes something is audited, whichever area adds it.
      api.addHook('onResponse', api.audits.onResponse);
      // Every area's routes, each registered from its table in the contract (shared/route-table.ts).
      for (const routes of API_ROUTES) await api.register(routes);
    }),
  );
  await register(webAppPlugin, { routeMethods });
  // What registered meanwhile waited for nothing; what is left of the migrations and the start
  // tasks (each timed on its own, plugins/database.ts) is waited for here.
  await steps.time('start work', () => app.startWork.done());
  return app;
}
