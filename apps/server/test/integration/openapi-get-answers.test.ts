import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_KEY_HEADER } from '@ed/contract/trupoint';
import {
  alignerSchedule,
  specRelease,
  unitClaim,
  vendorPairings,
  webhookEndpoint,
  type Call,
} from '../support/fleet-activity.js';
import type { TestProvider } from '../support/oidc-provider-launcher.mjs';
import { answerChecker, type OpenApiDocument } from '../support/openapi-answers.js';
import { ServerProcess } from '../support/server-process.js';
import { CONSOLE_URL, ROLE_MAP, startProvider } from '../support/sso-fixture.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_PASSWORD = 'admin-password-for-the-answers';
const ENROLLMENT_KEY = 'enrollment-key-of-the-answers';

/** Filters left out where the value the other calls use would narrow the list to nothing. */
const BROAD: Record<string, string[]> = { '/read/alarms/v1': ['serialNumber'] };

/** An answer with nothing in it: null, an empty list, or a page without docs. */
function isEmpty(body: unknown): boolean {
  if (body === null || body === undefined) return true;
  if (Array.isArray(body)) return body.length === 0;
  if (typeof body !== 'object') return false;
  const values = Object.values(body);
  if (values.length === 0) return true;
  const lists = values.filter(Array.isArray);
  return lists.length > 0 && lists.length === values.length - values.filter((v) => typeof v === 'number').length
    ? lists.every((l) => l.length === 0)
    : false;
}

/**
 * Every GET call that answers JSON, made against the built server in demo mode (its accounts,
 * tickets, releases, rollout and simulated units, all put in through the API), with parameters
 * taken from what the lists answer: each 200 matches the schema /openapi.json gives it, as a
 * generated client checks it (JSON Schema 2020-12, named components resolved).
 */
describe('every GET answer as /openapi.json describes it', () => {
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  let doc: OpenApiDocument;
  let provider: TestProvider;
  /** Where the server's webhooks go, so that their delivery log has something in it. */
  let receiver: WebhookReceiver;
  /** The vendor API's key, once the test issued one: the vendor's calls go with it, not a bearer. */
  let vendorKey = '';

  const request = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, type, body: type.includes('json') ? await res.json() : await res.text() };
  };
  const call: Call = (method, url, body, headers) => request(method, url, body, headers);
  const get = (url: string) =>
    request('GET', url, undefined, url.startsWith('/vendor/') ? { [VENDOR_KEY_HEADER]: vendorKey } : {});

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-answers-'));
    // Single sign-on configured, so that its start call answers too.
    provider = await startProvider();
    receiver = await WebhookReceiver.start();
    server = await ServerProcess.create({
      PUBLIC_URL: CONSOLE_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'dashboard',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: ROLE_MAP,
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      DATA_DIR: dataDir,
      DEMO: 'true',
      // Enough units for every family, so that the demo's rollout (aligner-oasis) starts.
      SIMULATOR_UNITS: '30',
      SIMULATOR_CHURN: '0',
      DEMO_FLEET_DRIVER: new URL('../../../simulator/dist/demo-driver.js', import.meta.url).href,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The test's webhook receiver listens on the loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    await server.start();
    token = await server.signIn('admin', ADMIN_PASSWORD);
    doc = (await get('/openapi.json')).body as OpenApiDocument;
  }, 120_000);

  const post = async (url: string, body: unknown) => {
    const answer = await request('POST', url, body);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };

  /** Waits until a call answers something: the demo and its units put their data in over time. */
  async function filled(url: string, timeoutMs = 60_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await get(url);
      if (!isEmpty(body) || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const listed = async <T>(url: string): Promise<T[]> => ((await filled(url)) as { docs?: T[] }).docs ?? [];
  afterAll(async () => {
    await server?.dispose();
    await provider?.stop();
    await receiver?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every GET call with a body its schema describes', async () => {
    const check = answerChecker(doc);
    // What the lists hold, for the calls that name one thing.
    const tickets = { docs: await listed<{ id: number; serialNumber: string }>('/read/tickets/v1?closed=true') };
    const rollouts = { docs: await listed<{ id: number }>('/read/rollouts/v1') };
    const connected = await listed<{ serialNumber: string; family: string }>(
      '/read/updatescheduler_aligners/v1?onlyConnected=true',
    );
    const serial = connected[0]?.serialNumber ?? tickets.docs[0]?.serialNumber ?? 'V33CT0707';
    // What a user does before reading: a favourite, and a unit's voltages, printer and USB status.
    await post('/create/favorite/v1', { username: 'admin', serialNumber: serial });
    for (const command of [
      'aligner_get_voltages',
      'aligner_get_printer_status',
      'aligner_get_usb_status',
      'aligner_get_screen_shot',
    ]) {
      await post(`/cmd/${command}/v1`, { serialNumber: serial });
    }
    // An elevation (INFO logging), an alarm rule, a notification and a message, as their screens make them.
    // An aligner-oasis takes it from 1.0.0 on (the demo's rollout family, so the fleet has some).
    const oasis = await listed<{ serialNumber: string }>('/read/updatescheduler_aligners_oasis/v1?onlyConnected=true');
    const elevated = oasis[0]?.serialNumber;
    if (elevated) await post('/cmd/aligner_set_logging_level/v1', { serialNumber: elevated, loggingLevel: 'INFO' });
    // A webhook endpoint before the alarm rules, so that the alarms they raise are delivered to it.
    await webhookEndpoint(call, receiver.url());
    await post('/create/alarm_rule/v1', {
      name: 'Offline for a day',
      severity: 'major',
      condition: { kind: 'offline', hours: 24 },
    });
    const day = 86_400_000;
    const countries = (await get('/read/aligner_countries/v1')).body as { countryName: string; countryCode: string }[];
    await post('/create/notification/v1', {
      name: 'Spring promotion',
      resourcePath: 'https://cdn.example.com/spring.png',
      mimeType: 'image/png',
      beginsOn: new Date().toISOString(),
      endsOn: new Date(Date.now() + day).toISOString(),
      targetType: 'geographic',
      target: { family: 'all', country: countries[0]?.countryName ?? 'Germany' },
    });
    await post('/create/message/v1', {
      schedule: { startDate: new Date().toISOString(), endDate: new Date(Date.now() + day).toISOString() },
      header: 'Hello',
      body: 'Body',
      callToAction: 'Go',
      targets: { market: countries[0]?.countryCode ?? 'DE', softwareVersion: 'all' },
      disposition: 'draft',
    });
    // Alarms the fleet raises at once: specs running out within a year, installs the demo's rollout failed.
    await post('/create/alarm_rule/v1', {
      name: 'Specs expiring',
      severity: 'minor',
      condition: { kind: 'specsExpiring', days: 365 },
    });
    await post('/create/alarm_rule/v1', {
      name: 'Install failed',
      severity: 'major',
      condition: { kind: 'install', hungMinutes: 5 },
    });
    // A vendor's pairings (one aborted), a spec release, a schedule for tomorrow, a unit's claim.
    const vendor = await vendorPairings(call);
    vendorKey = vendor.apiKey;
    await specRelease(call, path.join(dataDir, 'updates'));
    await alignerSchedule(call, path.join(dataDir, 'updates'), serial);
    await unitClaim(call, connected.find((u) => u.serialNumber !== serial)?.serialNumber ?? serial, ENROLLMENT_KEY);
    // What comes over time: units' chats, the alarm job's round, its webhook deliveries, a pairing's
    // calibrations, the trend's sample.
    for (const url of [
      '/assistant/chat_sessions',
      '/read/alarms/v1',
      '/read/webhook_deliveries/v1',
      '/read/completed_pairings/v1',
      '/read/aborted_pairings/v1',
      '/read/connection_trend/v1',
    ]) {
      await filled(url);
    }
    const country = countries[0]?.countryName ?? 'Germany';
    const values: Record<string, string> = {
      serialNumber: serial,
      username: 'admin',
      ticketId: String(tickets.docs[0]?.id ?? 1),
      countryName: country,
      region: 'Bavaria',
      country: 'DE',
      family: 'aligner',
      semantic: '5.2.0',
      filterDisposition: 'draft',
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date().toISOString(),
    };
    // Diagnostics into the unit's newest open ticket (or a new one), as the equipment detail collects them.
    const snapshot = (await post('/create/diagnostics/v1', { serialNumber: serial })) as { ticketId: number };
    values.ticketId = String(snapshot.ticketId);
    // A region and a city where the fleet is.
    const regions = (await get(`/read/aligner_regions/v1?countryName=${encodeURIComponent(country)}`)).body as {
      region: string;
    }[];
    if (regions[0]) values.region = regions[0].region;
    const idFor: Record<string, string> = {
      '/read/ticket/v1': String(tickets.docs[0]?.id ?? 1),
      '/read/rollout/v1': String(rollouts.docs[0]?.id ?? 1),
      '/read/rollout_units/v1': String(rollouts.docs[0]?.id ?? 1),
    };

    // A pairing under way while the calls are made (its calibrations take 4.5 s at least).
    await vendor.pair('AL-answers-3');
    const mismatches: string[] = [];
    const empty: string[] = [];
    let checked = 0;
    // The pairing reads first, while the pairing started above still runs its calibrations.
    const paths = Object.entries(doc.paths).sort(
      ([a], [b]) => Number(!a.includes('pairings')) - Number(!b.includes('pairings')),
    );
    for (const [apiPath, methods] of paths) {
      const op = methods.get;
      if (!op?.responses['200']?.content?.['application/json']) continue;
      const params = op.parameters ?? [];
      if (params.some((p) => p.in === 'path')) continue;
      const query = params
        .filter((p) => p.required || (p.name in values && !(BROAD[apiPath] ?? []).includes(p.name)))
        .filter((p) => p.in === 'query')
        .map((p): [string, string] => {
          const choices = (p.schema?.enum as unknown[] | undefined) ?? [];
          if (p.name === 'id') return [p.name, idFor[apiPath] ?? '1'];
          if (apiPath === '/read/elevations/v1' && elevated) return [p.name, elevated];
          return [p.name, values[p.name] ?? (choices.length > 0 ? String(choices[0]) : 'a')];
        });
      const search = new URLSearchParams(query).toString();
      const answer = await get(`${apiPath}${search ? `?${search}` : ''}`);
      if (answer.status !== 200) {
        empty.push(`${apiPath} (${answer.status})`);
        continue;
      }
      checked += 1;
      const problems = check(apiPath, 'GET', 200, 'application/json', answer.body);
      if (problems.length > 0) mismatches.push(`${apiPath}: ${problems.join('; ')}`);
      if (isEmpty(answer.body)) empty.push(apiPath);
    }
    console.log(`[answers] ${checked} GET answers checked; empty or not 200: ${empty.join(', ')}`);
    expect(mismatches).toEqual([]);
    // Each with data in it: a schema is only proven by an answer that fills it.
    expect(empty).toEqual([]);
    expect(checked).toBeGreaterThan(75);
  }, 120_000);
});
