import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { diagnosticsRoutes } from '@ed/contract/routes/diagnostics';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { DiagnosticSnapshot } from '@ed/contract/diagnostics';
import { mayUseControl } from '@ed/contract/permissions';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

/** Diagnostic snapshots into tickets, from real simulated units and a unit that leaves some questions unanswered. */
describe('diagnostic snapshots', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let support: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker);
    await f.t.createUser('support1', 'support');
    await f.t.createUser('tech1', 'tech');
    fleet = startFleet({
      units: 3,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      seed: 21,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    support = (await f.t.signIn('support1')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, token = support) =>
    injectBody(f.t.app, route, body, bearer(token));
  const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>) =>
    injectQuery(f.t.app, route, query, bearer(support));
  const openTicket = async (serialNumber: string) => {
    const res = await post(ticketsRoutes.createTicket, {
      issuerUsername: 'support1',
      serialNumber,
      description: 'Cameras',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  };
  /** The snapshot once every item is in (done or missing). */
  const finished = (ticketId: number) =>
    vi.waitFor(
      async () => {
        const [snapshot] = (await get(diagnosticsRoutes.listDiagnostics, { ticketId })).json().snapshots;
        expect(snapshot?.finishedAt).not.toBeNull();
        return snapshot!;
      },
      { timeout: 10_000, interval: 100 },
    );
  const item = (s: DiagnosticSnapshot, name: string) => s.items.find((i) => i.item === name)!;

  it('collects every item in parallel into the ticket: the screen shot attached, the reports kept, a summary left', async () => {
    const unit = fleet.units.find(
      (u) => u.state.family === 'aligner' && mayUseControl('support', 'screenShot', { ...u.state, family: 'aligner' }),
    )!;
    const ticketId = await openTicket(unit.serialNumber);
    const started = await post(diagnosticsRoutes.collectDiagnostics, { ticketId });
    expect(started.statusCode, started.body).toBe(200);
    const first = started.json();
    // The record's items are in at once; the unit's are being asked.
    expect(first.items.map((i) => i.item)).toEqual([
      'screenShot',
      'voltages',
      'usb',
      'printer',
      'versions',
      'updateState',
    ]);
    expect(item(first, 'versions').state).toBe('done');
    expect(item(first, 'updateState').state).toBe('done');

    const snapshot = await finished(ticketId);
    expect(snapshot.items.every((i) => i.state === 'done')).toBe(true);
    const voltages = item(snapshot, 'voltages').payload as { voltages: unknown[] };
    expect(voltages.voltages.length).toBeGreaterThan(0);
    expect(item(snapshot, 'voltages').detail).toMatch(/values (within|out of) range/);
    expect((item(snapshot, 'usb').payload as { status: string }).status.length).toBeGreaterThan(0);
    expect(item(snapshot, 'versions').detail).toContain(unit.state.version?.semantic ?? '');

    const ticket = (await get(ticketsRoutes.getTicket, { id: ticketId })).json();
    const shot = ticket.attachments.find((a) => a.id === item(snapshot, 'screenShot').attachmentId);
    expect(shot?.description).toBe(`Screen shot of ${unit.serialNumber} (diagnostics)`);
    expect(ticket.comments.at(-1)?.text).toContain(
      `Diagnostics of ${unit.serialNumber}, collected for support1: 6 of 6 items.`,
    );
    // The voltage report is the unit's latest too, as if the Voltages button had asked for it.
    const latest = await get(reportsRoutes.getLatestVoltages, { serialNumber: unit.serialNumber });
    expect(latest.json()?.voltages).toEqual(voltages.voltages);
  });

  it('keeps what a unit answers and lists what it does not answer in time as missing', async () => {
    const unit = await f.unit();
    unit.answer = (command) => {
      if (command.name === 'get_voltages') {
        return {
          ok: true,
          result: {
            voltages: [{ BoardName: 'Main Board', Parameters: [{ Name: '5V', Actual: 5.9, Min: 4.75, Max: 5.25 }] }],
          },
        };
      }
      if (command.name === 'get_usb_status') return { ok: true, result: { status: 'Port 1: camera\nPort 2: empty' } };
      return 'silence';
    };
    await unit.connect({ family: 'aligner', version: { semantic: '5.4.0', meta: 'x' }, systemClass: 'DRAGON' });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    // From the equipment detail: the unit has no open ticket, so one is opened for the snapshot.
    const started = await post(diagnosticsRoutes.collectDiagnostics, { serialNumber: unit.serialNumber });
    expect(started.statusCode, started.body).toBe(200);
    // Progress per item: the silent ones wait for their answer.
    expect(item(started.json(), 'printer').state).toBe('pending');
    const snapshot = await finished(started.json().ticketId);
    expect(item(snapshot, 'voltages')).toMatchObject({
      state: 'done',
      detail: '1 of 1 values out of range: Main Board 5V 5.9 (4.75..5.25)',
    });
    expect(item(snapshot, 'usb')).toMatchObject({ state: 'done', detail: 'Port 1: camera (and 1 more lines)' });
    expect(item(snapshot, 'printer')).toMatchObject({ state: 'missing', detail: 'No answer in time' });
    expect(item(snapshot, 'screenShot')).toMatchObject({ state: 'missing', detail: 'No answer in time' });
    expect(snapshot.summary).toContain('4 of 6 items');
    expect(snapshot.summary).toContain('Missing: Screen shot (No answer in time), Printer status (No answer in time).');
    const ticket = (await get(ticketsRoutes.getTicket, { id: snapshot.ticketId })).json();
    expect(ticket.escalated).toBe(false);
    await unit.disconnect();
  });

  it('refuses a closed ticket, a request naming both or neither, and roles that do not work tickets', async () => {
    const unit = fleet.units[1]!;
    const ticketId = await openTicket(unit.serialNumber);
    const tech = (await f.t.signIn('tech1')).access_token;
    expect((await post(diagnosticsRoutes.collectDiagnostics, { ticketId }, tech)).statusCode).toBe(403);
    const both = await post(diagnosticsRoutes.collectDiagnostics, { ticketId, serialNumber: unit.serialNumber });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: expect.stringContaining('Name either ticketId or serialNumber') });
    expect((await post(diagnosticsRoutes.collectDiagnostics, {})).statusCode).toBe(400);
    await post(ticketsRoutes.closeTicket, { id: ticketId, username: 'support1' });
    expect((await post(diagnosticsRoutes.collectDiagnostics, { ticketId })).statusCode).toBe(409);
    expect((await post(diagnosticsRoutes.collectDiagnostics, { ticketId: 99_999 })).statusCode).toBe(404);
    expect((await get(diagnosticsRoutes.listDiagnostics, { ticketId: 99999 })).statusCode).toBe(404);
  });

  it('shows the items of a collection whose server stopped as missing once their time is past', async () => {
    const unit = fleet.units[2]!;
    const ticketId = await openTicket(unit.serialNumber);
    const long = new Date(Date.now() - 60 * 60_000);
    await f.t.app.diagnostics['deps'].repository.start(
      { ticketId, serialNumber: unit.serialNumber, requestedBy: 'support1', startedAt: long },
      ['voltages'],
    );
    const [snapshot] = await f.t.app.diagnostics.list(ticketId);
    expect(snapshot?.items).toMatchObject([
      { item: 'voltages', state: 'missing', detail: 'No answer: the collection stopped before the unit answered' },
    ]);
  });
});
