import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port.js';
import { ConsoleClient } from './console-client.js';
import { FleetProcess } from './fleet.js';
import { ENROLLMENT_KEY, Instance } from './instance.js';
import { startLoadBalancer, type LoadBalancer } from './proxy.js';
import { BEAT_SECONDS, UNITS } from './settings.js';
import { rows, startServices, type Services } from './services.js';

const INSTANCE_NAMES = ['a', 'b', 'c'];
/** Units registering and connecting at once while the fleet starts. */
const FLEET_CONCURRENCY = 50;
/** How long the fleet has to register, connect and be seen by the console. */
const FLEET_START_MS = 240_000;

/** Everything the tier runs: its services, three instances behind a load balancer, and the fleet. */
export interface Cluster {
  services: Services;
  instances: Instance[];
  balancer: LoadBalancer;
  fleet: FleetProcess;
  console: ConsoleClient;
  updatesDir: string;
  dispose(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const services = await startServices();
  const updatesDir = await mkdtemp(path.join(tmpdir(), 'ed-chaos-updates-'));
  const id = randomBytes(4).toString('hex');
  const ports = await Promise.all(INSTANCE_NAMES.map(() => freePort()));
  const balancer = await startLoadBalancer(() => ports);
  const deployment = {
    databaseUrl: services.databaseUrl,
    mqttUrl: services.broker.url,
    topicRoot: `edchaos/${id}`,
    sharedGroup: `edchaos-${id}`,
    updatesDir,
    publicUrl: balancer.url,
  };
  const instances = INSTANCE_NAMES.map((name, i) => new Instance(name, ports[i]!, deployment));
  let fleet: FleetProcess | undefined;
  const dispose = async () => {
    await fleet?.stop();
    await Promise.all(instances.map((instance) => instance.dispose()));
    await balancer.close();
    await services.stop();
    await rm(updatesDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    fleet = new FleetProcess({
      units: UNITS,
      serverUrl: balancer.url,
      mqttUrl: services.broker.url,
      enrollmentKey: ENROLLMENT_KEY,
      heartbeatSeconds: BEAT_SECONDS,
      concurrency: FLEET_CONCURRENCY,
    });
    await fleet.started;
    await withDeadline(fleet.ready(), FLEET_START_MS, 'the fleet to connect');
    await everyUnitSeen(services, FLEET_START_MS);
    const console = await ConsoleClient.signIn(balancer.url);
    return { services, instances, balancer, fleet, console, updatesDir, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** Waits until the console holds every unit connected, with the version it reported. */
async function everyUnitSeen(services: Services, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let seen = { connected: 0, versions: 0 };
  while (Date.now() < until) {
    const [row] = await rows<typeof seen>(
      services.pool,
      `select count(*) filter (where l.connected)::int as connected, count(e.version_semantic)::int as versions
       from equipment e join equipment_live l on l.equipment_id = e.id`,
    );
    if (row) seen = row;
    if (seen.connected === UNITS && seen.versions === UNITS) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the console holds ${seen.connected} of ${UNITS} units connected, ${seen.versions} with a version`);
}

async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms / 1000} s for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
