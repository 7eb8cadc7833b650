import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { inMinutes, tooManyRequests } from '../shared/domain-error.js';
import { SharedWindowCounts } from '../shared/shared-window-counts.js';

const WINDOW_MS = 60_000;
/** How often an instance adds its counts to the shared ones: the most another instance lags. */
const FLUSH_MS = 1_000;
const MAX_KEYS = 50_000;

/** Requests refused by the limit: nothing was done, so the audit log does not record them. */
export const rateLimitedRequests = new WeakSet<FastifyRequest>();

/**
 * Units' and vendors' calls have their own credential and limits (a fleet behind one address must
 * get through): exempt by the credential their route takes, never by their path.
 */
const isUnitCall = (request: FastifyRequest) => {
  const config = request.routeOptions.config as { ownCredential?: boolean; assistantAccess?: string };
  // The assistant's own routes say who calls them (apps/assistant/src/access.ts).
  return config.ownCredential === true || config.assistantAccess === 'device';
};

/**
 * Per-user and per-address limits on the API (@fastify/rate-limit), counted across instances:
 * a signed-in user by username, a call without a session by address. A CSV export spends
 * API_RATE_LIMIT_EXPORT_COST calls of the budget, so the budget bounds the work, not the count. It counts after
 * authentication (at preParsing), so a user is known when it counts; and before authentication an
 * address whose calls were refused as unauthenticated API_RATE_LIMIT_PER_ADDRESS times this minute
 * is refused at once, so made-up tokens cost a flood its budget too. Register it before the
 * authentication hook.
 */
async function apiRateLimitPlugin(api: FastifyInstance) {
  const { API_RATE_LIMIT_PER_USER: perUser, API_RATE_LIMIT_PER_ADDRESS: perAddress } = api.config;
  if (perUser === 0 && perAddress === 0) return;
  const counts = new SharedWindowCounts(api.db, { flushMs: FLUSH_MS, maxKeys: MAX_KEYS });
  const flush = () =>
    counts.flush(WINDOW_MS).catch((err: unknown) => api.log.warn({ err }, 'API rate counts not shared this round'));
  let timer: NodeJS.Timeout | undefined;
  // Once started (migrations first): the counts' table may not exist before.
  api.addHook('onReady', async () => {
    timer = setInterval(() => void flush(), FLUSH_MS);
    timer.unref();
  });
  api.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });

  const limitOf = (key: string) => (key.startsWith('user:') ? perUser : perAddress);
  // The key carries the call's weight to the store (which sees only the key): `user:ann|20`.
  const weightOf = (request: FastifyRequest) =>
    request.routeOptions.config.rateCost === 'export' ? api.config.API_RATE_LIMIT_EXPORT_COST : 1;
  if (perAddress > 0) {
    api.addHook('onRequest', async (request) => {
      if (isUnitCall(request)) return;
      const refused = counts.peek(`api:unauthenticated:${request.ip}`, WINDOW_MS);
      if (refused.current < perAddress) return;
      rateLimitedRequests.add(request);
      throw tooManyRequests(
        `Too many calls without a valid session from this address. Try again in ${inMinutes(refused.ttl)}.`,
        refused.ttl,
      );
    });
    api.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 401 && !request.session && !isUnitCall(request)) {
        counts.hit(`api:unauthenticated:${request.ip}`, WINDOW_MS);
      }
    });
  }
  await api.register(rateLimit, {
    global: true,
    // After the API context's onRequest hooks (authentication), before the body is read.
    hook: 'preParsing',
    timeWindow: WINDOW_MS,
    keyGenerator: (request) =>
      `${request.session ? `user:${request.session.user.username}` : `address:${request.ip}`}|${weightOf(request)}`,
    max: (_request, key) => limitOf(key),
    allowList: (request, key) => isUnitCall(request) || limitOf(key) === 0,
    // One store for every route: the limit is the user's, not the route's.
    store: class {
      incr(key: string, done: (err: Error | null, state: { current: number; ttl: number }) => void) {
        const at = key.lastIndexOf('|');
        done(null, counts.hit(`api:${key.slice(0, at)}`, WINDOW_MS, Number(key.slice(at + 1)) || 1));
      }
      child() {
        return this;
      }
    },
    onExceeded: (request) => rateLimitedRequests.add(request),
    errorResponseBuilder: (request, context) =>
      tooManyRequests(
        `Too many requests: ${request.session ? 'a user' : 'an address'} may make ${context.max} a minute. ` +
          `Try again in ${inMinutes(context.ttl)}.`,
        context.ttl,
      ),
  });
}

export default fp(apiRateLimitPlugin, { name: 'api-rate-limit', dependencies: ['database'] });
