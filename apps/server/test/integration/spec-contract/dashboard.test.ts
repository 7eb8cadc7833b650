import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family } from '@ed/contract/families';
import { STAGING_ROUTES } from '@ed/contract/software';
import { bearer } from '../../support/test-app.js';
import { expectAccepted, publishRelease, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

/** Per family: its release, two units on an older version (one of them staged) and the reads. */
const FAMILIES: { family: Family; release: string; runs: string; serials: [string, string]; reads: string }[] = [
  { family: 'aligner', release: '5.3.0', runs: '5.1.0', serials: ['V33CT0501', 'V33CT0502'], reads: '' },
  { family: 'gtps', release: '1.4.0', runs: '1.2.0', serials: ['V33CT0503', 'V33CT0504'], reads: 'gtps_' },
  { family: 'aligner-oasis', release: '1.1.0', runs: '1.0.0', serials: ['V33CT0505', 'V33CT0506'], reads: 'oasis_' },
];
const of = (family: Family) => FAMILIES.find((f) => f.family === family)!;

/** Part 1 §7 "Dashboard reads" and the service restart, in the spec's literal shapes. */
describe('spec contract: dashboard reads and services', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ SCHEDULER_TICK_SECONDS: '0', COMMAND_TIMEOUT_MS: '200' });
    for (const f of FAMILIES) {
      await publishRelease(c, f.family, f.release);
      for (const serial of f.serials) {
        await seedUnit(c.t, serial, {
          family: f.family,
          version: { semantic: f.runs, meta: null },
          specs: { name: 'EU-2031', month: 2, year: 2031 },
          alignmentCount: serial.endsWith('1') ? 420 : 7,
        });
      }
      const stage = STAGING_ROUTES.find((r) => r.family === f.family)!.stage;
      expectAccepted(
        await c.post(stage, { serialNumber: f.serials[0], version: { semantic: f.release, meta: null }, path: '' }),
      );
    }
  });
  afterAll(() => c.close());

  const latest = async (family: Family) => {
    const f = of(family);
    const res = await c.get(`/read/latest_${f.reads}software_version/v1`);
    expectAccepted(res);
    expect(res.json()).toEqual({ semantic: f.release, meta: `build of ${f.release}`, path: `${family}-${f.release}` });
  };
  const staged = async (family: Family) => {
    const f = of(family);
    const res = await c.get(`/read/staged_${f.reads}update_totals/v1`);
    expectAccepted(res);
    expect(res.json()).toEqual({ total: 1, versions: { [f.release]: 1 } });
  };
  const installed = async (family: Family, path: string) => {
    const res = await c.get(path);
    expectAccepted(res);
    expect(res.json()).toContainEqual({ version: of(family).runs, total: 2 });
  };

  it('GET /read/latest_software_version/v1 answers {semantic, meta, path}', () => latest('aligner'));
  it('GET /read/latest_gtps_software_version/v1 answers {semantic, meta, path}', () => latest('gtps'));
  it('GET /read/latest_oasis_software_version/v1 answers {semantic, meta, path}', () => latest('aligner-oasis'));
  it('GET /read/staged_update_totals/v1 answers {total, versions}', () => staged('aligner'));
  it('GET /read/staged_gtps_update_totals/v1 answers {total, versions}', () => staged('gtps'));
  it('GET /read/staged_oasis_update_totals/v1 answers {total, versions}', () => staged('aligner-oasis'));
  it('GET /read/aligner_software_versions/v1 answers the installed versions', () =>
    installed('aligner', '/read/aligner_software_versions/v1'));
  it('GET /read/gtps_software_versions/v1 answers the installed versions', () =>
    installed('gtps', '/read/gtps_software_versions/v1'));
  it('GET /read/oasis_software_versions/v1 answers the installed versions', () =>
    installed('aligner-oasis', '/read/oasis_software_versions/v1'));

  it('GET /read/spec_versions/v1 answers the installed spec versions', async () => {
    const res = await c.get('/read/spec_versions/v1');
    expectAccepted(res);
    expect(res.json()).toContainEqual({ name: 'EU-2031', total: 6 });
  });

  it('GET /read/ticket_statistics/v1 answers the counts of part 1 §3', async () => {
    await c.post('/create/ticket/v1', { issuerUsername: 'admin', serialNumber: 'V33CT0501', version: '5.1.0' });
    const res = await c.get('/read/ticket_statistics/v1');
    expectAccepted(res);
    expect(res.json()).toMatchObject({
      openTicketCount: 1,
      closedTicketCount: 0,
      totalTickets: 1,
      openTicketsByIssuerUsername: [{ issuerUsername: 'admin', total: 1 }],
    });
  });

  it('GET /read/top_aligners_by_alignment_count/v1 answers [{_id {serialNumber}, count}]', async () => {
    const res = await c.get('/read/top_aligners_by_alignment_count/v1');
    expectAccepted(res);
    expect(res.json()[0]).toEqual({ _id: { serialNumber: expect.stringMatching(/1$/) }, count: 420 });
  });

  it('GET /api/v1/check_services answers up or down per service', async () => {
    const res = await c.get('/api/v1/check_services');
    expectAccepted(res);
    expect(res.json()).toContainEqual({ name: 'gateway', label: 'gateway', up: true });
  });

  it('GET /read/demo_port/v1 answers {port}', async () => {
    const res = await c.get('/read/demo_port/v1');
    expectAccepted(res);
    expect(res.json()).toEqual({ port: c.t.config.DEMO_PORT });
  });

  it('POST /api/v1/reset_service accepts /?serviceName= with the name the dashboard shows', async () => {
    // No body, though some clients still say it is JSON.
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/v1/reset_service/?serviceName=gateway',
      headers: { ...bearer(c.token), 'content-type': 'application/json' },
    });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ serviceName: 'gateway', up: true });
    // The list's label works as well as the name ("aligner update" is alignerUpdate).
    const byLabel = await c.post(`/api/v1/reset_service/?serviceName=${encodeURIComponent('aligner update')}`);
    expect(byLabel.statusCode, byLabel.body).not.toBe(400);
    expect(byLabel.json().message).toMatch(/aligner update service/);
  });
});
