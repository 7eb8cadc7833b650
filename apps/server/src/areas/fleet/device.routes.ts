import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceCheckInRequestSchema,
  deviceCheckInResponseSchema,
  deviceRegisterRequestSchema,
  deviceRegisterResponseSchema,
} from '@ed/contract/device-protocol';
import { HttpError, inMinutes, tooManyRequests } from '../../shared/http-error.js';
import { errorResponses } from '../../shared/route-schema.js';
import { addressOfRequest, compileTrust } from './connection-address.js';
import { authenticateUnit } from './device-auth.js';
import { MQTT_WEBSOCKET_PATH } from './embedded-broker.js';

/** Refused registrations an address may make per window, all instances together; then 429. */
const REGISTER_FAILURES_PER_ADDRESS = 20;
const REGISTER_WINDOW_MS = 10 * 60_000;

/**
 * A refused registration (a wrong enrollment key) counts against the address: past the limit it
 * answers 429, so the key cannot be guessed at speed. Registrations with the right key are never
 * counted: a whole fleet may come back through one address.
 */
async function registrationRefusal(app: FastifyInstance, ip: string, err: unknown): Promise<unknown> {
  if (!(err instanceof HttpError) || err.statusCode !== 403) return err;
  const window = await app.limiter.hit(`register-fail:${ip}`, REGISTER_WINDOW_MS);
  if (window.count <= REGISTER_FAILURES_PER_ADDRESS) return err;
  return tooManyRequests(
    `Too many refused registrations from this address. Try again in ${inMinutes(window.retryAfterMs)}.`,
    window.retryAfterMs,
  );
}

/** Calls made by units, not by the console. */
export default async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/device/v1/register',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit trades the fleet enrollment key for its own MQTT credential',
        description: 'Registering again issues a new token and revokes the old one (docs/device-protocol.md).',
        security: [],
        body: deviceRegisterRequestSchema,
        response: { 200: deviceRegisterResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { serialNumber, enrollmentKey } = request.body;
      const deviceToken = await app.fleet.credentials.register(serialNumber, enrollmentKey).catch(async (err) => {
        throw await registrationRefusal(app, request.ip, err);
      });
      return reply.header('cache-control', 'no-store').send({
        serialNumber,
        deviceToken,
        mqtt: {
          websocketPath: MQTT_WEBSOCKET_PATH,
          tcpPort: app.config.MQTT_PORT ?? null,
          topicRoot: app.fleet.topics.root,
        },
      });
    },
  );

  const trust = compileTrust(app.config.TRUSTED_PROXIES);
  app.post(
    '/device/v1/check_in',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit says where it connects from, before each MQTT connection (HTTP Basic: serial and token)',
        description:
          'The server keeps the address it sees (X-Forwarded-For only through TRUSTED_PROXIES; in demo mode ' +
          'the in-process fleet’s vouched address) and its ' +
          'geolocation for the connection with this sequence: on an external broker it sees no unit connections.',
        security: [],
        body: deviceCheckInRequestSchema,
        response: { 200: deviceCheckInResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const serialNumber = await authenticateUnit(request, app.fleet.credentials);
      const voucher = app.fleet.demoAddresses;
      const address = addressOfRequest(request.raw, trust, voucher && ((req) => voucher.addressOf(req)));
      const countryCode = await app.fleet.gateway.checkedIn(serialNumber, request.body.seq, address);
      return { address: address.address.split(',')[0]!, countryCode };
    },
  );
}
