#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FAMILY_LABELS, FAMILIES, type Family } from '@ed/contract/families';
import { rootMetadataSchema, type RootMetadata } from '@ed/contract/release-metadata';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import { FileCredentialStore } from './credential-store.js';
import { startFleet } from './fleet.js';
import { describeReceipt } from './inbox.js';
import { parseInstallOutcomes, type InstallOutcomes } from './install-outcomes.js';
import type { Logger } from './logger.js';

const USAGE = `Usage: ed-simulate --url http://localhost:8080 --enrollment-key KEY [options]

  --units N             number of units (default 100)
  --serial S            one unit with this serial number instead, online and on its family's latest
                        version (to run against the conformance kit, npm run conformance)
  --url URL             the console's server (registration; WebSocket broker at /mqtt by default)
  --enrollment-key KEY  the fleet enrollment key (FLEET_ENROLLMENT_KEY), or env FLEET_ENROLLMENT_KEY
  --mqtt-url URL        an external broker instead, e.g. mqtt://127.0.0.1:1883
  --seed N              the fleet's seed (default 1): the same seed gives the same units
  --latest LIST         latest versions, e.g. aligner=5.2.0,gtps=1.4.0,aligner-oasis=1.3.0
  --offline-share F     share of units that report once and then stay offline (default 0.2)
  --churn F             mean disconnects per online unit per hour (default 0.5)
  --concurrency N       units registering at the same time (default 20)
  --heartbeat S         seconds between each unit's heartbeats while online (default 60; 0: none)
  --credentials FILE    where units keep their credentials between runs (default
                        .ed-simulator/<server host and port>.json; a unit that forgot its credential
                        waits for an administrator to approve its claim, /UnitClaims)
  --install-outcomes S  installs that fail or hang, by version or prefix (5.4.), e.g.
                        '5.4.0:fail=0.2,hang=0.05;5.3.:fail=0.5' (shares 0-1), or env SIM_INSTALL_OUTCOMES;
                        a failed install reports INSTALLATION_FAILED, a hung one stops mid-install
  --trust-root FILE     a release root (root.json, npm run release:root) every unit pins: it then
                        refuses any staged update not signed under it, and reports why
  --verbose             log each unit's warnings`;

/** The CLI's terminal output (the library itself only logs through a Logger). */
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const complain = (line: string): void => void process.stderr.write(`${line}\n`);

function fail(message: string): never {
  complain(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) fail(`--${name} must be a non-negative number, got ${value}`);
  return parsed;
}

const OPTIONS = {
  units: { type: 'string' },
  serial: { type: 'string' },
  url: { type: 'string' },
  'enrollment-key': { type: 'string' },
  'mqtt-url': { type: 'string' },
  seed: { type: 'string' },
  latest: { type: 'string' },
  'offline-share': { type: 'string' },
  churn: { type: 'string' },
  concurrency: { type: 'string' },
  'trust-root': { type: 'string' },
  heartbeat: { type: 'string' },
  credentials: { type: 'string' },
  'install-outcomes': { type: 'string' },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

function parse() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}
const values = parse();

/** One file per server: the same serial numbers on another server are other registrations. */
function defaultCredentialsFile(url: string): string {
  const host = new URL(url).host.replace(/[^A-Za-z0-9.-]+/g, '_');
  return path.join('.ed-simulator', `${host}.json`);
}

if (values.help) {
  say(USAGE);
  process.exit(0);
}
const serverUrl = values.url ?? fail('--url is required');
const enrollmentKey =
  values['enrollment-key'] ?? process.env.FLEET_ENROLLMENT_KEY ?? fail('--enrollment-key is required');

function latestOption(value: string | undefined): Partial<Record<Family, string>> {
  const latest: Partial<Record<Family, string>> = {};
  for (const pair of value ? value.split(',') : []) {
    const [family = '', version = ''] = pair.split('=').map((part) => part.trim());
    if (!(FAMILIES as readonly string[]).includes(family) || !/^\d+\.\d+\.\d+$/.test(version)) {
      fail(`--latest takes family=x.y.z pairs (families: ${FAMILIES.join(', ')}), got ${pair}`);
    }
    latest[family as Family] = version;
  }
  return latest;
}

function trustRootOption(): RootMetadata | undefined {
  const file = values['trust-root'];
  if (file === undefined) return undefined;
  try {
    return rootMetadataSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    return fail(`--trust-root: ${file} is not a release root (${(error as Error).message.slice(0, 300)})`);
  }
}

function installOutcomesOption(): InstallOutcomes {
  const flag = values['install-outcomes'];
  const [name, text] =
    flag !== undefined ? ['--install-outcomes', flag] : ['SIM_INSTALL_OUTCOMES', process.env.SIM_INSTALL_OUTCOMES];
  try {
    return text ? parseInstallOutcomes(text) : {};
  } catch (error) {
    return fail(`${name}: ${(error as Error).message}`);
  }
}

const logger: Logger = {
  debug: () => {},
  info: (message) => {
    if (values.verbose) say(message);
  },
  warn: (message) => {
    if (values.verbose) complain(message);
  },
  error: complain,
};

const serialNumber = values.serial?.trim().toUpperCase();
if (serialNumber !== undefined && !decodeSerialNumber(serialNumber)) {
  fail(`--serial: ${serialNumber} is not the serial number of a known model`);
}
// One unit under test stays connected: nothing leaves or churns unless told to.
const single = serialNumber !== undefined;

const fleet = startFleet({
  serialNumber,
  units: single ? 1 : Math.floor(numberOption(values.units, 'units', 100)),
  seed: Math.floor(numberOption(values.seed, 'seed', 1)),
  latest: latestOption(values.latest),
  offlineShare: numberOption(values['offline-share'], 'offline-share', single ? 0 : 0.2),
  churn: numberOption(values.churn, 'churn', single ? 0 : 0.5),
  concurrency: Math.max(1, Math.floor(numberOption(values.concurrency, 'concurrency', 20))),
  serverUrl,
  enrollmentKey,
  mqttUrl: values['mqtt-url'],
  heartbeatSeconds: Math.floor(numberOption(values.heartbeat, 'heartbeat', 60)),
  credentials: new FileCredentialStore(values.credentials ?? defaultCredentialsFile(serverUrl)),
  installOutcomes: installOutcomesOption(),
  trustRoot: trustRootOption(),
  logger,
});

// What units receive to show, and what the server refused of theirs, is always printed, verbose or
// not: it is what an operator watches for.
for (const unit of fleet.units) {
  unit.on('received', (item) => say(describeReceipt(unit.serialNumber, item)));
  unit.on('refused', (text) => complain(`${unit.serialNumber}: ${text}`));
}

const count = (predicate: (unit: (typeof fleet.units)[number]) => boolean): number =>
  fleet.units.filter(predicate).length;
const families = FAMILIES.map((family) => `${count((u) => u.state.family === family)} ${FAMILY_LABELS[family]}`);
const countries = new Set(fleet.units.map((unit) => unit.profile.address.countryCode));
say(
  `Simulating ${fleet.units.length} units (${families.join(', ')}) in ${countries.size} countries, ` +
    `${count((u) => u.profile.offline)} of them offline after reporting once, ` +
    `${count((u) => u.state.pendingSoftwareDownload !== null)} with an update staged.`,
);
say(
  `Server ${serverUrl}, broker ${values['mqtt-url'] ?? 'as the server names it (MQTT over WebSocket on the server by default)'}.`,
);

const started = Date.now();
const status = setInterval(() => say(`${count((u) => u.online)} units online`), 60_000);
fleet.ready.then(
  () => say(`All units reported in ${((Date.now() - started) / 1000).toFixed(1)} s; ${count((u) => u.online)} online.`),
  (error: unknown) => {
    complain(`Fleet could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    void shutdown();
  },
);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(status);
  say('Stopping the fleet…');
  await fleet.stop();
  process.exit();
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
