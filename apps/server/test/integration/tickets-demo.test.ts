import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { encodeSerialNumber } from '@ed/contract/serial-number';
import { seedTicketsDemo } from '../../src/areas/tickets/tickets.demo.js';
import { equipment } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

describe('demo tickets', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('opens, comments and closes tickets as the demo accounts, once', async () => {
    for (const username of ['support', 'tech', 'support_lvl2'] as const) await t.createUser(username, username);
    const serials = [1, 2, 3].map((n) =>
      encodeSerialNumber({ modelCode: 'V33', buildMonth: 3, buildYear: 2024, sequence: `00${n}` }),
    );
    await t.app.db
      .insert(equipment)
      .values(serials.map((serialNumber) => ({ serialNumber, family: 'aligner' as const })));

    expect(await seedTicketsDemo(t.app.tickets, t.app.usersRepository, t.app.database, serials)).toBe(5);
    const token = (await t.signIn('admin')).access_token;
    const stats = (await injectRoute(t.app, dashboardRoutes.getTicketStatistics, { headers: bearer(token) })).json();
    expect(stats).toMatchObject({ openTicketCount: 3, closedTicketCount: 2, totalTickets: 5 });
    const history = (
      await injectRoute(t.app, ticketsRoutes.getTicketHistory, {
        query: { serialNumber: serials[1]! },
        headers: bearer(token),
      })
    ).json();
    expect(JSON.stringify(history)).toContain('Printer prints blank pages');
    const unit = (
      await injectRoute(t.app, alignersRoutes.getAligner, {
        query: { serialNumber: serials[0]! },
        headers: bearer(token),
      })
    ).json();
    expect(unit.openSupportTickets).toBe(1);

    expect(await seedTicketsDemo(t.app.tickets, t.app.usersRepository, t.app.database, serials)).toBe(0);
  });
});
