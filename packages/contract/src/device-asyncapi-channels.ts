import type { ProtocolMessage, ProtocolMessages } from './device-asyncapi-messages.js';

/**
 * The channels and operations of the published device protocol (device-asyncapi.ts). The
 * application described is the unit: `send` is what it publishes, `receive` what it subscribes to.
 * QoS and retain are MQTT operation bindings; the last will is a server binding.
 */
const ref = ($ref: string) => ({ $ref });
const MQTT_BINDING_VERSION = '0.2.0';
const param = (name: string) => ref(`#/components/parameters/${name}`);
const UNIT_PARAMETERS = { topicRoot: param('topicRoot'), serialNumber: param('serialNumber') };

function channel(address: string, title: string, description: string, messages: ProtocolMessage[], extra = {}) {
  return {
    address: `{topicRoot}/{serialNumber}/${address}`,
    title,
    description,
    parameters: { ...UNIT_PARAMETERS, ...extra },
    messages: Object.fromEntries(messages.map((m) => [m.key, ref(`#/components/messages/${m.key}`)])),
  };
}

const inChannel = (channelKey: string, messages: ProtocolMessage[]) =>
  messages.map((m) => ref(`#/channels/${channelKey}/messages/${m.key}`));

interface OperationText {
  title: string;
  summary: string;
  description?: string;
}

function operation(
  action: 'send' | 'receive',
  channelKey: string,
  messages: ProtocolMessage[],
  mqtt: { qos: 0 | 1; retain: boolean },
  text: OperationText,
) {
  return {
    action,
    channel: ref(`#/channels/${channelKey}`),
    ...text,
    messages: inChannel(channelKey, messages),
    bindings: { mqtt: { ...mqtt, bindingVersion: MQTT_BINDING_VERSION } },
  };
}

export function deviceChannels(m: ProtocolMessages) {
  return {
    status: channel(
      'status',
      'Presence',
      'Retained. The birth after connecting and at every beat, the death before a clean disconnect, and the ' +
        'last will the broker publishes when the connection ends any other way (set at CONNECT: see the server ' +
        'binding `lastWill`). The latest `seq` wins, whatever order messages arrive in.',
      [m.status],
    ),
    state: channel(
      'state',
      'State reports',
      'The full state after each birth, then only what changed (at most once a second while downloading).',
      [m.state],
    ),
    cmd: channel(
      'cmd',
      'Commands',
      'The server publishes commands here, QoS 1. A unit subscribes before its birth: a staged update may be ' +
        'sent as soon as the server learns of the connection. Drop a command past its `expiresAt`; a command ' +
        'whose `id` was handled already is answered again without acting twice.',
      m.commands,
    ),
    instanceReply: channel(
      'reply/{instance}',
      'Replies to the instance that asked',
      'The `replyTo` of a command, when it is one of the reply topics of this unit: only the server instance ' +
        'waiting for the answer subscribes to it. Publish on `replyTo` exactly as given.',
      m.replies,
      { instance: param('instance') },
    ),
    reply: channel(
      'reply',
      'Replies (without replyTo)',
      'Where a unit answers a command that names no `replyTo`, or one that is not its own; every server ' +
        'instance hears it. Older units answer only here.',
      m.replies,
    ),
    pairing: channel(
      'pairing',
      'Vendor pairings (Tru-Point)',
      'While a pairing started by `start_pairing` runs: each calibration, then its completion or abort, in order.',
      [m.pairing],
    ),
    calibration: channel(
      'calibration',
      'Camera calibrations',
      'Each camera calibration the unit runs, on its own; the server keeps one record per unit and `Date`.',
      [m.calibration],
    ),
    error: channel(
      'error',
      'Refusals',
      'The server publishes here, QoS 0, not retained, when it refused a message of this unit: the topic, ' +
        'the reason, every problem with its field, and the section of the guide. Subscribe with `cmd`.',
      [m.error],
    ),
  };
}

export function deviceOperations(m: ProtocolMessages) {
  const qos1 = { qos: 1 as const, retain: false };
  return {
    sendStatus: operation(
      'send',
      'status',
      [m.status],
      { qos: 1, retain: true },
      {
        title: 'Say the unit is here (or gone)',
        summary:
          'Publish the birth after subscribing, again every `heartbeatSeconds`, and the death before DISCONNECT.',
      },
    ),
    sendState: operation('send', 'state', [m.state], qos1, {
      title: 'Report state',
      summary: 'Publish the full state after each birth, then what changed, each report with a new `seq`.',
    }),
    receiveCommand: {
      ...operation('receive', 'cmd', m.commands, qos1, {
        title: 'Take commands',
        summary: 'Subscribe to `cmd` (QoS 1) before the birth, and answer each command with its `id`.',
        description:
          'Answer on `replyTo` when it is `<topicRoot>/<serialNumber>/reply/<instance>` of this unit, else on ' +
          '`reply`, before `expiresAt`: after it the server has given up.',
      }),
      reply: { channel: ref('#/channels/instanceReply'), messages: inChannel('instanceReply', m.replies) },
    },
    sendReply: operation('send', 'instanceReply', m.replies, qos1, {
      title: 'Answer a command on its replyTo',
      summary: 'Publish `{id, ok: true, result}` or `{id, ok: false, error}` on the topic the command named.',
    }),
    sendReplyWithoutReplyTo: operation('send', 'reply', m.replies, qos1, {
      title: 'Answer a command that names no replyTo',
      summary: 'The same reply, on `reply`, for a command without a `replyTo` of this unit.',
    }),
    sendPairing: operation('send', 'pairing', [m.pairing], qos1, {
      title: 'Report a vendor pairing (Tru-Point)',
      summary: 'Publish each calibration of the pairing, then `completed` or `aborted`.',
    }),
    sendCalibration: operation('send', 'calibration', [m.calibration], qos1, {
      title: 'Upload a camera calibration',
      summary: 'Publish each camera calibration record the unit has just run.',
    }),
    receiveRefusal: operation(
      'receive',
      'error',
      [m.error],
      { qos: 0, retain: false },
      {
        title: 'Hear refusals',
        summary: 'Subscribe to `error` with `cmd`; log each refusal for the people who build the unit.',
      },
    ),
  };
}
