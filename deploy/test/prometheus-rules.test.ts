import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTool, tool } from './tools.js';

const PROMETHEUS_DIR = fileURLToPath(new URL('../prometheus/', import.meta.url));
const RULES = path.join(PROMETHEUS_DIR, 'rules/equipment-dashboard.yml');
const RULE_TESTS = path.join(PROMETHEUS_DIR, 'tests/equipment-dashboard.test.yml');
const OBSERVABILITY = fileURLToPath(new URL('../../docs/observability.md', import.meta.url));

const missing = missingTool('promtool');
if (missing) console.warn(`The Prometheus rules are not checked: ${missing}.`);

interface Rules {
  groups: { rules: { alert: string; expr: string }[] }[];
}
interface RuleTests {
  tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
}

/** deploy/prometheus as an operator installs it, checked and unit-tested by promtool. */
describe.skipIf(Boolean(missing))('deploy/prometheus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-prometheus-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has rules promtool accepts, and every alert fires in a unit test', async () => {
    const checked = await tool('promtool', ['check', 'rules', RULES]);
    expect(checked.output, checked.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.code).toBe(0);
    const tested = await tool('promtool', ['test', 'rules', RULE_TESTS]);
    expect(tested.output).toContain('SUCCESS');
    expect(tested.code, tested.output).toBe(0);

    const alerts = (parse(await readFile(RULES, 'utf8')) as Rules).groups.flatMap((g) => g.rules.map((r) => r.alert));
    const fired = new Set(
      (parse(await readFile(RULE_TESTS, 'utf8')) as RuleTests).tests.flatMap((t) =>
        (t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname),
      ),
    );
    expect(alerts.filter((alert) => !fired.has(alert))).toEqual([]);
  });

  it('has a scrape configuration promtool accepts', async () => {
    // The token file an operator creates; the configuration names it.
    const config = (await readFile(path.join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')).replace(
      '/etc/prometheus/equipment-dashboard.token',
      path.join(dir, 'token'),
    );
    await writeFile(path.join(dir, 'token'), 'a-metrics-token-of-the-test');
    await writeFile(path.join(dir, 'prometheus.yml'), config);
    await writeFile(path.join(dir, 'rules.yml'), await readFile(RULES));
    await writeFile(path.join(dir, 'prometheus.yml'), config.replace('rules/equipment-dashboard.yml', 'rules.yml'));
    const checked = await tool('promtool', ['check', 'config', path.join(dir, 'prometheus.yml')]);
    expect(checked.code, checked.output).toBe(0);
  });

  it('documents every alert and every metric the alerts read in docs/observability.md', async () => {
    const doc = await readFile(OBSERVABILITY, 'utf8');
    const rules = (parse(await readFile(RULES, 'utf8')) as Rules).groups.flatMap((g) => g.rules);
    for (const rule of rules) {
      expect(doc, rule.alert).toContain(rule.alert);
      for (const metric of rule.expr.match(
        /\b[a-z_]+(?:_total|_seconds|_bytes|_count|_requests|_units|_connected|_exporter)\b/g,
      ) ?? []) {
        expect(doc, `${rule.alert} reads ${metric}`).toContain(metric.replace(/_count$/, ''));
      }
    }
  });
});
