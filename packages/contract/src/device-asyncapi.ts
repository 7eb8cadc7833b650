import { EXAMPLE_INSTANCE, EXAMPLE_SERIAL } from './device-asyncapi-examples.js';
import { deviceChannels, deviceOperations } from './device-asyncapi-channels.js';
import { protocolMessages, type ProtocolMessage } from './device-asyncapi-messages.js';
import { DEVICE_PROTOCOL_VERSION } from './device-errors.js';
import { DEVICE_SCHEMAS, DEVICE_SCHEMA_NAMES, deviceJsonSchemas, jsonSchemaOf } from './device-json-schemas.js';
import { DEFAULT_TOPIC_ROOT, topicRootSchema } from './device-topics.js';

/**
 * The device protocol (docs/device-protocol.md) as an AsyncAPI 3.0 document, for firmware teams
 * who have only what is published: generated from the contract's zod schemas, so it says what the
 * server accepts. Committed as docs/device-protocol.asyncapi.json (scripts/device-protocol-docs.mjs)
 * and served at /device/v1/asyncapi.json with the deployment's topic root.
 */
export interface DeviceAsyncApiOptions {
  /** The deployment's topic root; without it, the default root (`ed/v1`) as any deployment's default. */
  topicRoot?: string;
  /**
   * The deployment's public URL: the brokers' host and the guide's address (`/device/v1/guide.md`).
   * Without it (the committed copy) the host is a variable to fill in and the guide is the file
   * beside the document: AsyncAPI takes only an absolute URL for `externalDocs`.
   */
  publicUrl?: string;
}

/** Where a server serves the guide (docs/device-protocol.md), beside this document. */
export const DEVICE_GUIDE_PATH = '/device/v1/guide.md';
/** The folder of the committed JSON Schemas, under docs/. */
export const DEVICE_SCHEMAS_FOLDER = 'device-protocol-schemas';

/** The schemas' names, each command's two files said once, as `command-<command>` and `reply-<command>`. */
const SCHEMA_NAMES_IN_WORDS = DEVICE_SCHEMA_NAMES.map((name) => name.replace(/^(command|reply)-.*$/, '$1-<command>'))
  .filter((name, i, all) => all.indexOf(name) === i)
  .map((name) => `\`${name}\``)
  .join(', ');

const CONNECT_ORDER = [
  'How a unit (aligner, Tru-Point, aligner-oasis) talks to the Equipment Dashboard over MQTT 3.1.1 or 5. This ' +
    'document describes the **unit**: `send` operations are what it publishes, `receive` what it subscribes to.',
  '**Once:** `POST /device/v1/register` with `{serialNumber, enrollmentKey}` (schemas `register-request`, ' +
    '`register-response`, `register-pending` in `components.schemas`). Keep `serialNumber` (upper case), `deviceToken` and `mqtt` ' +
    '(`topicRoot`, `url`, `checkIn`) on the unit, across restarts.',
  '**On every connection, in this order:**',
  [
    '1. If `mqtt.checkIn` is true: `POST /device/v1/check_in` `{seq}` with HTTP Basic (serial number, device ' +
      'token), `seq` being the sequence of the new connection; on no answer, 5xx, 408 or 429 retry with back-off ' +
      '(1 s doubling to 30 s, with jitter).',
    '2. CONNECT with client id = username = the serial number, password = the device token, clean session, ' +
      'keep-alive 30 s, and the last will on `status`: `{"online": false, "seq": S, "heartbeatSeconds": H}`, ' +
      'QoS 1, retained. `S` is a new sequence for this connection: `max(previous + 1, now in ms)`.',
    '3. SUBSCRIBE to `cmd` (QoS 1) and `error`, before saying it is here.',
    '4. PUBLISH the birth on `status`: `{"online": true, "seq": S, "heartbeatSeconds": H, "stateSeq": R}`, QoS 1, ' +
      'retained; again every `H` seconds (the heartbeat).',
    '5. PUBLISH its full state on `state` with a new `seq`; afterwards only what changed, each with a new `seq`.',
  ].join('\n'),
  'Before a clean disconnect a unit publishes its death `{"online": false, "seq": S}`, retained, then DISCONNECT. ' +
    'Every payload is UTF-8 JSON of at most 4 MiB. A message that does not match its schema is refused whole, and ' +
    'the server says why on `error`.',
  'The guide, with the rules in full: `device-protocol.md` beside this document, served at ' +
    `\`${DEVICE_GUIDE_PATH}\`. Every payload schema is also a JSON Schema (draft-07) of its own, ` +
    `\`/device/v1/schemas/<name>.json\`: ${SCHEMA_NAMES_IN_WORDS}.`,
].join('\n\n');

const ref = ($ref: string) => ({ $ref });

function asyncApiMessage(message: ProtocolMessage) {
  return {
    name: message.payload.title,
    title: message.title,
    summary: message.summary,
    contentType: 'application/json',
    payload: ref(`#/components/schemas/${message.payload.name}`),
    ...(message.correlated && {
      correlationId: { description: 'A command and its reply carry the same `id`.', location: '$message.payload#/id' },
    }),
    examples: message.examples,
  };
}

function parameters(root: string, deployment: boolean) {
  return {
    topicRoot: {
      ...(deployment && { enum: [root] }),
      default: root,
      description:
        (deployment ? `The topic root of this deployment: \`${root}\`. ` : '') +
        'A unit takes it from `mqtt.topicRoot` of its registration answer (absent: `ed/v1`): letters, digits, ' +
        '`_` or `-` in `/`-separated levels, at most 64 characters.',
      examples: [root],
    },
    serialNumber: {
      description:
        'The serial number of the unit, upper case, exactly as the registration answered (`serialNumber`): ' +
        '8 or 9 letters or digits, `^[A-Z0-9]{8,9}$`. It is also the MQTT client id and username.',
      examples: [EXAMPLE_SERIAL],
    },
    instance: {
      description: 'The server instance that sent the command: the last level of its `replyTo`.',
      examples: [EXAMPLE_INSTANCE],
    },
  };
}

function servers(publicUrl: URL | undefined) {
  const mqtt = {
    cleanSession: true,
    keepAlive: 30,
    lastWill: {
      topic: '{topicRoot}/{serialNumber}/status',
      qos: 1,
      retain: true,
      message: JSON.stringify({ online: false, seq: 1_764_321_000_000, heartbeatSeconds: 60 }),
    },
    bindingVersion: '0.2.0',
  };
  const description = 'The host the unit registered with, unless `mqtt.url` of the registration answer names another.';
  const host = { default: publicUrl?.host ?? 'dashboard.example.com', description };
  const hostname = { default: publicUrl?.hostname ?? 'dashboard.example.com', description };
  const common = { security: [ref('#/components/securitySchemes/userPassword')], bindings: { mqtt } };
  return {
    websocket: {
      host: '{host}',
      pathname: '/mqtt',
      protocol: publicUrl?.protocol === 'http:' ? 'ws' : 'wss',
      title: 'MQTT over WebSocket',
      description:
        'The embedded broker on the HTTP(S) port, at `mqtt.websocketPath`; or `mqtt.url` when it is a `ws://` or ' +
        '`wss://` address. The last will is set at CONNECT: the birth payload with `online: false`.',
      variables: { host },
      ...common,
    },
    tcp: {
      host: '{hostname}:{port}',
      protocol: 'mqtt',
      protocolVersion: '3.1.1',
      title: 'MQTT over TCP',
      description: 'Plain MQTT on `mqtt.tcpPort`, or `mqtt.url` when it is an `mqtt://` or `mqtts://` address.',
      variables: { hostname, port: { default: '1883', description: '`mqtt.tcpPort` of the registration answer.' } },
      ...common,
    },
  };
}

/** The AsyncAPI 3.0 document of the device protocol, as a plain JSON object. */
export function deviceAsyncApi(options: DeviceAsyncApiOptions = {}) {
  const root = topicRootSchema.parse(options.topicRoot ?? DEFAULT_TOPIC_ROOT);
  const publicUrl = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  const guideUrl = options.publicUrl && `${options.publicUrl.replace(/\/+$/, '')}${DEVICE_GUIDE_PATH}`;
  const m = protocolMessages(root);
  const messages = [m.status, m.state, m.pairing, m.calibration, m.error, ...m.commands, ...m.replies];
  return {
    asyncapi: '3.0.0',
    id: 'urn:equipment-dashboard:device-protocol',
    info: {
      title: 'Equipment Dashboard device protocol',
      version: DEVICE_PROTOCOL_VERSION,
      description: CONNECT_ORDER,
      ...(guideUrl !== undefined && { externalDocs: { description: 'The device protocol guide', url: guideUrl } }),
    },
    defaultContentType: 'application/json',
    servers: servers(publicUrl),
    channels: deviceChannels(m),
    operations: deviceOperations(m),
    components: {
      schemas: Object.fromEntries(DEVICE_SCHEMAS.map((s) => [s.name, { title: s.title, ...jsonSchemaOf(s.schema) }])),
      messages: Object.fromEntries(messages.map((message) => [message.key, asyncApiMessage(message)])),
      parameters: parameters(root, options.topicRoot !== undefined),
      securitySchemes: {
        userPassword: {
          type: 'userPassword',
          description:
            'MQTT username = the serial number (also the client id), password = the `deviceToken` answered by ' +
            '`POST /device/v1/register`. A wrong or revoked token, an unknown serial number, or a client id ' +
            'other than the username is refused (CONNACK not authorized): register again with the token.',
        },
      },
    },
  };
}

/** The committed copies (scripts/device-protocol-docs.mjs): each file under docs/ and its JSON. */
export function deviceProtocolFiles(): Record<string, unknown> {
  const schemas = Object.entries(deviceJsonSchemas()).map(([name, schema]): [string, unknown] => [
    `${DEVICE_SCHEMAS_FOLDER}/${name}.schema.json`,
    schema,
  ]);
  return { 'device-protocol.asyncapi.json': deviceAsyncApi(), ...Object.fromEntries(schemas) };
}
