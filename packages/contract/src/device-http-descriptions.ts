import {
  deviceCheckInRequestSchema,
  deviceCheckInResponseSchema,
  deviceClaimPendingSchema,
  deviceRegisterRequestSchema,
  deviceRegisterResponseSchema,
} from './device-protocol.js';
import { described, describeFields } from './device-schema-descriptions.js';

/**
 * What the fields of the units' HTTP calls mean (registration and check-in), for the published
 * JSON Schemas: OpenAPI has the calls, but a firmware team needs the payloads beside the MQTT
 * ones. In the device protocol's registry, as device-schema-descriptions.ts explains.
 */
described(deviceRegisterRequestSchema, 'The body of `POST /device/v1/register` (JSON).');
describeFields(deviceRegisterRequestSchema, {
  enrollmentKey: 'The fleet enrollment key, the shared secret of the factory image.',
  deviceToken: 'The current token of the unit, when it has one: registering again with it rotates the token.',
  claimToken: 'The `claimToken` of an earlier 202, asking again whether an administrator approved the claim.',
});

described(deviceRegisterResponseSchema, '200 to `POST /device/v1/register`: the credential of the unit.');
describeFields(deviceRegisterResponseSchema, {
  serialNumber: 'The serial number as the server keeps it (upper case): the MQTT client id and username, exactly.',
  deviceToken: 'The MQTT password of this unit and its HTTP Basic password. Shown once: keep it across restarts.',
});
describeFields(deviceRegisterResponseSchema.shape.mqtt, {
  websocketPath: 'MQTT over WebSocket on the host the unit registered with (`/mqtt`).',
  tcpPort: 'Plain MQTT over TCP on that host, or null when there is none.',
  topicRoot: 'The topic root of the deployment: every topic of the unit is `<topicRoot>/<serial>/...`.',
  url:
    'Where to connect (`mqtt://`, `mqtts://`, `ws://` or `wss://`); null or absent: `websocketPath`, or ' +
    '`tcpPort`, on the host the unit registered with.',
  checkIn: 'True: `POST /device/v1/check_in` with `{seq}` before each MQTT connection (an external broker).',
});

described(
  deviceClaimPendingSchema,
  '202 to `POST /device/v1/register`: a claim waits for an administrator; ask again with `claimToken`.',
);
describeFields(deviceClaimPendingSchema, {
  claimToken: 'Send it back as `claimToken` in the next registration of this serial number.',
  retryAfterSeconds: 'Ask again after this many seconds.',
});

described(
  deviceCheckInRequestSchema,
  'The body of `POST /device/v1/check_in` (HTTP Basic: serial number and device token): the `seq` of the ' +
    'connection about to be made.',
);
described(deviceCheckInResponseSchema, '200 to `POST /device/v1/check_in`.');
describeFields(deviceCheckInResponseSchema, {
  address: 'The public address of the unit as the server saw it.',
  countryCode: 'Its country (ISO 3166-1 alpha-2), or null when unknown.',
});
