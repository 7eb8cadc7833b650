import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MFA_REQUIRED } from '@ed/contract/second-factor';
import type { PromClient, PromRegistry } from './prom-client.js';

/** Seconds: from a cached read to a CSV export of a large table. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The calls that sign someone in, by how. */
const SIGN_IN_METHODS: Record<string, string> = {
  signIn: 'password',
  signInWithCode: 'second_factor',
  signInWithPasskey: 'passkey',
  ssoCallback: 'single_sign_on',
};

/**
 * The route a request took, by its name in the route table (its operationId), never the raw path:
 * serial numbers and ids in paths would make a series per unit. Requests no route took are one
 * label, `unmatched`; routes outside the table (the web app, the docs) are `other`.
 */
function routeLabel(request: FastifyRequest): string {
  if (!request.routeOptions.url) return 'unmatched';
  const schema = request.routeOptions.schema as { operationId?: unknown } | undefined;
  return typeof schema?.operationId === 'string' ? schema.operationId : 'other';
}

/** How a sign-in ended, from its answer: in, a second factor asked for, refused, limited, or the server's fault. */
function signInOutcome(status: number, secondFactorAsked: boolean): string {
  if (status < 300) return 'succeeded';
  if (secondFactorAsked) return 'second_factor_required';
  if (status === 429) return 'limited';
  if (status === 503) return 'unavailable';
  return status >= 500 ? 'error' : 'refused';
}

/** HTTP requests and durations by route, method and status class; sign-ins by method and outcome. */
export function httpMetrics(prom: PromClient, registry: PromRegistry, app: FastifyInstance): void {
  const registers = [registry];
  const requests = new prom.Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by route (the route table name), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers,
  });
  const durations = new prom.Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const signIns = new prom.Counter({
    name: 'auth_sign_ins_total',
    help: 'Sign-in attempts by method (password, second_factor, passkey, single_sign_on) and outcome',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const secondFactorAsked = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply, payload) => {
    // The password was right and a second factor is asked for: a 403 that is not a refusal.
    if (reply.statusCode === 403 && typeof payload === 'string' && payload.includes(`"code":"${MFA_REQUIRED}"`)) {
      secondFactorAsked.add(request);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const method = request.method;
    requests.inc({ route, method, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    durations.observe({ route, method }, reply.elapsedTime / 1000);
    const how = SIGN_IN_METHODS[route];
    if (how) signIns.inc({ method: how, outcome: signInOutcome(reply.statusCode, secondFactorAsked.has(request)) });
  });
}
