import {
  deviceCheckInRequestSchema,
  deviceCheckInResponseSchema,
  deviceClaimPendingSchema,
  deviceRegisterRequestSchema,
  deviceRegisterResponseSchema,
} from '../device-protocol.js';
import { defineRoutes } from '../http-api.js';

const tag = 'devices';

/** Calls made by units, not by the console. */
export const devicesRoutes = defineRoutes({
  register: {
    method: 'POST',
    path: '/device/v1/register',
    tag,
    access: 'public',
    security: [],
    summary: 'A unit trades the fleet enrollment key for its own MQTT credential',
    description:
      'A serial number that has a credential gets a new one (the old one is revoked) only with its ' +
      'current `deviceToken`, or with the `claimToken` of a claim an administrator approved; ' +
      'otherwise the answer is 202 with a claim that waits for an administrator (docs/device-protocol.md).',
    body: deviceRegisterRequestSchema,
    ok: { 200: deviceRegisterResponseSchema, 202: deviceClaimPendingSchema },
    errors: [400, 403, 429],
  },
  checkIn: {
    method: 'POST',
    path: '/device/v1/check_in',
    tag,
    access: 'public',
    // No bearer token: the unit's own serial number and device token, as HTTP Basic.
    security: [{ deviceCredential: [] }],
    summary: 'A unit says where it connects from, before each MQTT connection (HTTP Basic: serial and token)',
    description:
      'The server keeps the address it sees (X-Forwarded-For only through TRUSTED_PROXIES; in demo mode ' +
      'the in-process fleet’s vouched address) and its ' +
      'geolocation for the connection with this sequence: on an external broker it sees no unit connections.',
    body: deviceCheckInRequestSchema,
    ok: { 200: deviceCheckInResponseSchema },
    errors: [400, 401],
  },
});
