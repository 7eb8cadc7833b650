#!/usr/bin/env node
// A small unit written from docs/device-protocol.md alone, with the mqtt package, for the kit's
// own tests. Without flags it does what the protocol asks; each flag breaks one rule on purpose:
//   --string-update-state  reports updateState as a string ("idle"), not an object
//   --object-error         answers ok: false with an object as its error
//   --reuse-seq            lets mqtt.js reconnect with the will (and seq) of the lost connection
// Usage: broken-unit.mjs --url URL --serial S --enrollment-key K [--heartbeat S] [flags]
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { Updater } from './broken-unit-updater.mjs';

const { values: o } = parseArgs({
  options: {
    url: { type: 'string' },
    serial: { type: 'string' },
    'enrollment-key': { type: 'string' },
    heartbeat: { type: 'string', default: '5' },
    'string-update-state': { type: 'boolean', default: false },
    'object-error': { type: 'boolean', default: false },
    'reuse-seq': { type: 'boolean', default: false },
  },
});
const serial = o.serial;
const heartbeatSeconds = Number(o.heartbeat);
const log = (line) => process.stdout.write(`${line}\n`);

// One sequence for connections and reports: max(previous + 1, now in ms).
let last = 0;
const nextSeq = () => (last = Math.max(last + 1, Date.now()));

const state = {
  version: { semantic: '5.2.0', meta: 'broken-unit' },
  family: 'aligner',
  systemClass: 'DRAGON',
  boardClass: null,
  logLevel: 'WARN',
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
  specs: null,
  specsExpiration: null,
  targetType: 'AT200',
  pendingSoftwareDownload: null,
  updateState: {
    state: 'TRY_INSERT_UPDATE',
    downloading: {},
    downloadProgress: {},
    installing: {},
    installProgress: {},
  },
  currentProcedure: null,
  alignmentCount: 7,
};
let token = null;
let topicRoot = 'ed/v1';
let broker = null;
let checkIn = false;
let client = null;
let seq = 0;
let stateSeq = null;
const replies = new Map();
const topic = (kind) => `${topicRoot}/${serial}/${kind}`;

async function register(previousToken) {
  const response = await fetch(new URL('/device/v1/register', o.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber: serial, enrollmentKey: o['enrollment-key'], deviceToken: previousToken }),
  });
  if (response.status !== 200) throw new Error(`registration answered ${response.status}`);
  const answer = await response.json();
  ({ deviceToken: token } = answer);
  topicRoot = answer.mqtt.topicRoot ?? 'ed/v1';
  broker = answer.mqtt.url;
  checkIn = answer.mqtt.checkIn === true;
}

const basic = () => `Basic ${Buffer.from(`${serial}:${token}`).toString('base64')}`;
const status = (online) =>
  JSON.stringify({ online, seq, heartbeatSeconds, ...(online && stateSeq ? { stateSeq } : {}) });
const publish = (kind, message, retain = false) =>
  client?.connected && client.publish(topic(kind), JSON.stringify(message), { qos: 1, retain });

function report(patch) {
  Object.assign(state, patch);
  stateSeq = nextSeq();
  const wire = { ...patch, seq: stateSeq };
  if (o['string-update-state'] && 'updateState' in wire) wire.updateState = 'idle';
  publish('state', wire);
}

async function connect() {
  seq = nextSeq();
  if (checkIn) {
    await fetch(new URL('/device/v1/check_in', o.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic() },
      body: JSON.stringify({ seq }),
    }).catch(() => undefined);
  }
  const c = mqtt.connect(broker, {
    clientId: serial,
    username: serial,
    password: token,
    clean: true,
    keepalive: 30,
    protocolVersion: 4,
    reconnectPeriod: o['reuse-seq'] ? 1_000 : 0,
    will: { topic: topic('status'), payload: Buffer.from(status(false)), qos: 1, retain: true },
  });
  client = c;
  c.on('connect', async () => {
    await c.subscribeAsync({ [topic('cmd')]: { qos: 1 }, [topic('error')]: { qos: 0 } });
    await c.publishAsync(topic('status'), status(true), { qos: 1, retain: true });
    report({ ...state });
  });
  c.on('message', (t, payload) => {
    if (t === topic('error')) return log(`refused: ${payload}`);
    void command(JSON.parse(payload.toString()));
  });
  c.on('error', (error) => {
    if (error.code !== 5 && error.code !== 4) return;
    // The broker refused the token: register again with it, then connect with the new one.
    c.end(true);
    register(token).then(connect, (e) => log(String(e)));
  });
  c.on('close', () => {
    // A lost line: connect again, under a new seq (unless told to break that rule).
    if (client === c && !o['reuse-seq'] && !stopping) setTimeout(() => client === c && connect(), 1_000);
  });
}

const updater = new Updater({ state: () => state, report, basic, log });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const handlers = {
  get_usb_status: () => ({ status: 'USB: nothing attached' }),
  get_printer_status: () => ({ status: 'Printer: ready' }),
  get_voltages: () => ({ voltages: [] }),
  get_calibration_logs: () => ({ calibrations: [] }),
  get_screen_shot: () => ({ image: PNG }),
  open_ssh_port: () => ({ port: 22022 }),
  set_logging_level: ({ loggingLevel }) => {
    if (!['WARN', 'INFO'].includes(loggingLevel)) throw new Error(`loggingLevel must be WARN or INFO`);
    report({ logLevel: loggingLevel });
  },
  set_target_eol_types: ({ targetType }) => report({ targetType }),
  stage: (args) => updater.stage(args),
  download_now: () => updater.download(),
  install_now: () => updater.install(),
  clear_pending_updates: () => updater.clear(),
  check_now: () => report({ updateState: state.updateState }),
  rebirth: ({ newConnection }) => {
    if (newConnection) setTimeout(() => client?.stream.destroy(), 100);
    else setTimeout(() => void announceAgain(), 50);
  },
};
const announceAgain = async () => {
  await client.publishAsync(topic('status'), status(true), { qos: 1, retain: true });
  report({ ...state });
};

async function command(cmd) {
  const earlier = replies.get(cmd.id);
  if (earlier) return publish(earlier.topic, earlier.reply);
  if (Date.parse(cmd.expiresAt) <= Date.now()) return log(`dropped expired ${cmd.name}`);
  let reply;
  try {
    reply = { id: cmd.id, ok: true, result: (await handlers[cmd.name]?.(cmd.args ?? {})) ?? {} };
  } catch (error) {
    reply = {
      id: cmd.id,
      ok: false,
      error: o['object-error'] ? { code: 'INVALID', message: error.message } : error.message,
    };
  }
  const own = typeof cmd.replyTo === 'string' && cmd.replyTo.startsWith(`${topic('reply')}/`);
  const kind = own ? cmd.replyTo.slice(topicRoot.length + serial.length + 2) : 'reply';
  replies.set(cmd.id, { topic: kind, reply });
  publish(kind, reply);
}

let stopping = false;
process.on('SIGTERM', async () => {
  stopping = true;
  if (client?.connected) await client.publishAsync(topic('status'), status(false), { qos: 1, retain: true });
  await client?.endAsync();
  process.exit(0);
});
setInterval(
  () => client?.connected && client.publish(topic('status'), status(true), { qos: 1, retain: true }),
  heartbeatSeconds * 1000,
);

await register();
await connect();
