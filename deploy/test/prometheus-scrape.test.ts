import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetProcess } from '../../scale/support/fleet.js';
import { ENROLLMENT_KEY, Instance } from '../../scale/support/instance.js';
import { freshDatabase, missingServices, MQTT_URL } from '../../scale/support/services.js';
import { missingTool, TOOLS } from './tools.js';

const RULES = fileURLToPath(new URL('../prometheus/rules/equipment-dashboard.yml', import.meta.url));
const DASHBOARD = fileURLToPath(new URL('../grafana/equipment-dashboard.json', import.meta.url));
const TOKEN = 'metrics-token-of-the-operations-tier';
const UNITS = 24;

const missing = missingTool('prometheus') ?? (await missingServices());
if (missing) console.warn(`Prometheus is not run against two instances: ${missing}.`);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Vector = { metric: Record<string, string>; value: [number, string] }[];

/**
 * What an operator's Prometheus sees of a deployment: Debian's Prometheus scrapes two built
 * instances on one PostgreSQL and one broker, with a simulated fleet behind them, every second,
 * with the shipped alerting rules. The fleet's figures add up to the simulator's count, once.
 */
describe.skipIf(Boolean(missing))('Prometheus scraping two instances', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let instances: Instance[] = [];
  let fleet: FleetProcess | undefined;
  let prometheus: ChildProcess | undefined;
  let dir: string;
  let promUrl: string;

  const query = async (promql: string): Promise<Vector> => {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; data: { result: Vector }; error?: string };
    if (body.status !== 'success') throw new Error(`${promql}: ${body.error}`);
    return body.data.result;
  };
  const scalar = async (promql: string) => Number((await query(promql))[0]?.value[1] ?? NaN);
  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${what} did not come within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  beforeAll(async () => {
    db = await freshDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'ed-prometheus-'));
    const id = randomBytes(4).toString('hex');
    const deployment = { databaseUrl: db.url, mqttUrl: MQTT_URL, topicRoot: `edops/${id}`, sharedGroup: `edops-${id}` };
    const env = { METRICS_TOKEN: TOKEN, JOB_INTERVAL_MS: '1000' };
    instances = [
      new Instance('a', await freePort(), deployment, env),
      new Instance('b', await freePort(), deployment, env),
    ];
    await Promise.all(instances.map((instance) => instance.start()));
    fleet = new FleetProcess({
      units: UNITS,
      serverUrl: instances[0]!.url,
      mqttUrl: MQTT_URL,
      enrollmentKey: ENROLLMENT_KEY,
      heartbeatSeconds: 5,
    });
    await fleet.started;
    expect(await fleet.ready()).toBe(UNITS);

    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    const targets = instances.map((i) => `127.0.0.1:${i.port}`);
    await writeFile(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: [${JSON.stringify(RULES)}]`,
        'scrape_configs:',
        '  - job_name: equipment-dashboard',
        `    authorization: { type: Bearer, credentials: ${JSON.stringify(TOKEN)} }`,
        `    static_configs: [{ targets: ${JSON.stringify(targets)} }]`,
      ].join('\n'),
    );
    prometheus = spawn(
      TOOLS.prometheus,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: 'ignore' },
    );
    await until(
      'both instances scraped',
      async () => (await scalar('count(up{job="equipment-dashboard"} == 1)')) === 2,
    );
  });

  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    await fleet?.stop();
    for (const instance of instances) await instance.dispose();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('adds the fleet up to the simulator’s count, from one instance, with no series twice', async () => {
    await until('every unit counted as connected', async () => (await scalar('sum(fleet_units_connected)')) === UNITS);
    expect(await scalar('sum(fleet_units)')).toBe(UNITS);
    // One exporter of the fleet's figures; each fleet-wide series comes from it alone.
    expect(await scalar('sum(fleet_metrics_exporter)')).toBe(1);
    expect(await scalar('count(fleet_metrics_exporter)')).toBe(2);
    const twice = await query(
      'count by (__name__, family, state, kind) ({__name__=~"fleet_.+", __name__!="fleet_metrics_exporter"}) > 1',
    );
    expect(twice.map((s) => s.metric)).toEqual([]);
    // Both instances count their own traffic: the units' messages reach the gateways, sign-ins are counted.
    expect(await scalar('sum(mqtt_messages_received_total{kind="status"})')).toBeGreaterThanOrEqual(UNITS);
    expect(await scalar('count(count by (instance) (http_server_requests_total))')).toBe(2);
  });

  it('evaluates every shipped rule without an error', async () => {
    await until('the rules evaluated', async () => {
      const res = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { lastEvaluation: string }[] }[] };
      };
      return res.data.groups.flatMap((g) => g.rules).every((r) => !r.lastEvaluation.startsWith('0001'));
    });
    const res = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const rules = res.data.groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.filter((r) => r.health !== 'ok').map((r) => `${r.name}: ${r.lastError ?? r.health}`)).toEqual([]);
  });

  it('answers every query of the Grafana dashboard, with data for the fleet and the traffic', async () => {
    interface Panel {
      title: string;
      targets?: { expr: string }[];
    }
    const { panels } = JSON.parse(await readFile(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const queries = panels.flatMap((panel) => (panel.targets ?? []).map((t) => ({ panel: panel.title, expr: t.expr })));
    expect(queries.length).toBeGreaterThan(20);
    // Panels of what this deployment has not seen (alarms, rollouts, commands, refusals, signed
    // releases) may be empty; the fleet, traffic and instance panels must not be.
    const mayBeEmpty = /alarm|rollout|refused|release trust|command|mqtt messages sent|job lag|sign-ins/i;
    const emptyPanels = async () => {
      const empty: string[] = [];
      for (const { panel, expr } of queries) {
        // As Grafana sends them: its variables filled in (all instances, a rate window of a minute).
        const promql = expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*');
        if ((await query(promql)).length === 0 && !mayBeEmpty.test(panel)) empty.push(`${panel}: ${promql}`);
      }
      return empty;
    };
    // A rate needs two scrapes in its window.
    await until('rates over two scrapes', async () => (await emptyPanels()).length === 0, 30_000).catch(
      () => undefined,
    );
    expect(await emptyPanels()).toEqual([]);
  });
});
