import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { inMinutes, isDomainError, tooManyRequests } from '../../../shared/domain-error.js';
import { routesOf } from '../../../shared/route-table.js';
import { addressOfRequest, compileTrust } from '../broker/connection-address.js';
import { authenticateUnit } from '../../../ports/device-auth.js';
import { GeoLocator } from '../presence/geolocation.js';
import type { ClaimOrigin } from './unit-claims.repository.js';
import { MQTT_WEBSOCKET_PATH } from '../broker/embedded-broker.js';
import { admitNewUnit } from './new-unit-limits.js';

/** Refused registrations an address may make per window, all instances together; then 429. */
const REGISTER_FAILURES_PER_ADDRESS = 20;
const REGISTER_WINDOW_MS = 10 * 60_000;

/**
 * A refused registration (a wrong enrollment key) counts against the address: past the limit it
 * answers 429, so the key cannot be guessed at speed. Registrations with the right key are never
 * counted: a whole fleet may come back through one address.
 */
async function registrationRefusal(app: FastifyInstance, ip: string, err: unknown): Promise<unknown> {
  if (!isDomainError(err, 'forbidden')) return err;
  const window = await app.limiter.hit(`register-fail:${ip}`, REGISTER_WINDOW_MS);
  if (window.count <= REGISTER_FAILURES_PER_ADDRESS) return err;
  return tooManyFromAddress(window.retryAfterMs);
}

const tooManyFromAddress = (retryAfterMs: number) =>
  tooManyRequests(
    `Too many refused registrations from this address. Try again in ${inMinutes(retryAfterMs)}.`,
    retryAfterMs,
  );

/** Calls made by units, not by the console. */
export default routesOf(devicesRoutes, (app) => {
  const trust = compileTrust(app.config.TRUSTED_PROXIES);
  const addressOf = (request: FastifyRequest) => {
    const voucher = app.fleet.demoAddresses;
    return addressOfRequest(request.raw, trust, voucher && ((req) => voucher.addressOf(req)));
  };
  /**
   * Before a claim is opened: it counts as a refused registration (nobody can fill the admins'
   * list from one address), and it keeps where it came from, for the admin who decides it.
   */
  const beforeClaim = async (request: FastifyRequest): Promise<ClaimOrigin> => {
    const window = await app.limiter.hit(`register-fail:${request.ip}`, REGISTER_WINDOW_MS);
    if (window.count > REGISTER_FAILURES_PER_ADDRESS) throw tooManyFromAddress(window.retryAfterMs);
    const seen = addressOf(request).address.split(',')[0] ?? '';
    // As people write it: 81.2.69.142, not ::ffff:81.2.69.142.
    const address = ipaddr.isValid(seen) ? ipaddr.process(seen).toString() : seen;
    const located = (await GeoLocator.open()).locate(address);
    return { address, countryCode: located?.country_code ?? null };
  };

  const newUnitLimits = {
    perAddress: app.config.FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR,
    all: app.config.FLEET_NEW_UNITS_PER_HOUR,
  };
  /**
   * Before a new serial number is taken: counted per address and in all. The demo's own simulated
   * units (vouched for by this process's key, over loopback) are not: a demo of 200 units or more
   * registers them all at its first start, and nobody else can vouch.
   */
  const beforeNewUnit = async (request: FastifyRequest) => {
    if (app.fleet.demoAddresses?.addressOf(request.raw) !== undefined) return;
    await admitNewUnit(app.limiter, request.ip, newUnitLimits);
  };

  return {
    register: async (request, reply) => {
      const { serialNumber } = request.body;
      const registration = await app.fleet.credentials
        .register(
          request.body,
          () => beforeClaim(request),
          () => beforeNewUnit(request),
        )
        .catch(async (err: unknown) => {
          throw await registrationRefusal(app, request.ip, err);
        });
      reply.header('cache-control', 'no-store');
      if (registration.kind === 'pending') {
        return reply
          .code(202)
          .header('retry-after', String(registration.retryAfterSeconds))
          .send({
            serialNumber,
            status: 'pending' as const,
            claimToken: registration.claimToken,
            retryAfterSeconds: registration.retryAfterSeconds,
          });
      }
      return reply.send({
        serialNumber,
        deviceToken: registration.deviceToken,
        mqtt: {
          websocketPath: MQTT_WEBSOCKET_PATH,
          tcpPort: app.config.MQTT_PORT ?? null,
          topicRoot: app.fleet.topics.root,
          url: brokerUrlForUnits(app.config),
          checkIn: Boolean(app.config.MQTT_URL),
        },
      });
    },
    checkIn: async (request) => {
      const serialNumber = await authenticateUnit(request, app.fleet.credentials);
      const address = addressOf(request);
      const countryCode = await app.fleet.gateway.checkedIn(serialNumber, request.body.seq, address);
      return { address: address.address.split(',')[0] ?? '', countryCode };
    },
  };
});

/**
 * The broker a unit connects to: the one the deployment names; else an external broker's own
 * address (a unit on the server's network reaches it as the server does); else none, and the
 * unit connects to `websocketPath` on the host it registered with.
 */
function brokerUrlForUnits(config: { MQTT_PUBLIC_URL?: string; MQTT_URL?: string }): string | null {
  if (config.MQTT_PUBLIC_URL) return config.MQTT_PUBLIC_URL;
  if (!config.MQTT_URL) return null;
  const url = new URL(config.MQTT_URL);
  // The server's own broker login is not the unit's.
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/$/, '');
}
