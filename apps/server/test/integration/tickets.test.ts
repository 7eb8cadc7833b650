import { parse } from 'csv-parse/sync';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@ed/contract/constants';
import type { TicketStatistics } from '@ed/contract/dashboard';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { ApiRoute } from '@ed/contract/http-api';
import { equipment } from '../../src/db/schema.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { multipart } from '../support/multipart.js';

const SERIAL = 'V33CT0042';

describe('support tickets', () => {
  let t: TestApp;
  let admin: string;
  let sue: string;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    t = await createTestApp({ ENGINEERING_EMAILS: 'eng1@example.com, eng2@example.com', ATTACHMENT_MAX_MB: '1' });
    await t.app.db.insert(equipment).values({
      serialNumber: SERIAL,
      family: 'aligner',
      versionSemantic: '5.1.0',
      specs: { name: 'SPEC-7', month: 1, year: 2026 },
    });
    await markConnected(t.app, SERIAL);
    await t.createUser('sue', 'support');
    admin = (await t.signIn('admin')).access_token;
    sue = (await t.signIn('sue')).access_token;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await t.close();
  });

  const post = <R extends ApiRoute>(token: string, route: R, body: RouteBody<R>) =>
    injectBody(t.app, route, body, bearer(token));
  const get = <R extends ApiRoute>(token: string, route: R, query?: RouteQuery<R>) =>
    injectQuery(t.app, route, query, bearer(token));
  const create = (token: string, username: string, extra: Partial<RouteBody<typeof ticketsRoutes.createTicket>> = {}) =>
    post(token, ticketsRoutes.createTicket, {
      issuerUsername: username,
      serialNumber: SERIAL,
      originatorName: 'Pat Caller',
      originatorEmail: 'pat@shop.example',
      techOnSite: true,
      disposition: 'Owned Aligner',
      description: 'Cameras lose the targets',
      version: { semantic: '9.9.9', meta: null },
      ...extra,
    });
  const upload = (token: string, ticketId: number, username: string, file: Buffer, description = 'the wheel') => {
    const body = multipart([
      { name: 'description', value: description },
      { name: 'file', value: file, filename: 'photo.png', contentType: 'image/png' },
    ]);
    // A multipart route: injected by hand, with its encoding.
    return t.app.inject({
      method: 'POST',
      url: `/upload_ticket_attachment?ticketId=${ticketId}&authorUsername=${username}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const png = (width = 400, height = 300) =>
    sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
  const openTickets = async () =>
    (await get(admin, alignersRoutes.getAligner, { serialNumber: SERIAL })).json().openSupportTickets;
  const mailsTo = async (id: number) =>
    (await t.outbox()).filter((m) => m.includes('eng1@example.com') && m.includes(`Ticket: ${id}`));

  async function console_(token: string): Promise<Socket> {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, { path: SOCKET_PATH, transports: ['polling'], auth: { token } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return socket;
  }

  it('runs the lifecycle: create, list, comment, attach, escalate off, close, with alerts and counts', async () => {
    const watcher = await console_(sue);
    const events: string[] = [];
    for (const name of [
      'REPORT_SUPPORT_TICKET_CREATED',
      'REPORT_SUPPORT_TICKET_COMMENT_CREATED',
      'REPORT_SUPPORT_TICKET_CLOSED',
    ] as const) {
      watcher.on(name, (p) => events.push(`${name} ${p.id} ${p.serialNumber} ${p.username}`));
    }
    const stats: TicketStatistics[] = [];
    watcher.on('SUPPORT_TICKET_STATISTICS', (s) => stats.push(s));

    const created = await create(admin, 'admin');
    expect(created.statusCode).toBe(200);
    const ticket = created.json();
    expect(ticket).toMatchObject({
      serialNumber: SERIAL,
      status: 'open',
      closed: false,
      escalated: true,
      issuerUsername: 'admin',
      version: '5.1.0',
      specs: 'SPEC-7',
      connected: true,
      family: 'aligner',
      originatorName: 'Pat Caller',
      disposition: 'Owned Aligner',
      reproducible: null,
      comments: [],
      attachments: [],
    });
    expect(ticket.model).not.toBe('');
    expect(await openTickets()).toBe(1);

    const list = (await get(admin, ticketsRoutes.getTickets, { page: 1, filterSerialNumber: 'ct0042' })).json();
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]).toMatchObject({ id: ticket.id, description: 'Cameras lose the targets', commentCount: 0 });
    expect((await get(sue, ticketsRoutes.getTickets, { mine: 'true', username: 'sue' })).json().totalDocs).toBe(0);

    const comment = await post(sue, ticketsRoutes.createComment, {
      ticketId: ticket.id,
      authorUsername: 'sue',
      text: ' Tried recalibrating ',
    });
    expect(comment.json()).toMatchObject({ ticketId: ticket.id, authorUsername: 'sue', text: 'Tried recalibrating' });

    const attached = await upload(admin, ticket.id, 'admin', await png());
    expect(attached.statusCode).toBe(200);
    const attachment = attached.json();
    expect(attachment).toMatchObject({ description: 'the wheel', mimeType: 'image/png', width: 400, height: 300 });
    const thumb = Buffer.from(attachment.thumbnail.split(',')[1], 'base64');
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 102, height: 77 });

    // The address the answer links to, followed as a browser does.
    const file = await t.app.inject({ url: attachment.url, headers: bearer(sue) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="ticket-\d+-attachment-\d+\.png"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(await png())).toBe(true);
    expect((await t.app.inject({ url: attachment.url })).statusCode).toBe(401);

    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(3));
    const mails = await mailsTo(ticket.id);
    expect(mails.join('\n')).toContain(`/SupportTickets?id=${ticket.id}`);
    expect(mails.join('\n')).toContain(`Serial number: ${SERIAL}`);

    expect((await post(sue, ticketsRoutes.deescalateTicket, { id: ticket.id })).json().escalated).toBe(false);
    await post(sue, ticketsRoutes.createComment, { ticketId: ticket.id, authorUsername: 'sue', text: 'quiet now' });
    await upload(sue, ticket.id, 'sue', await png(50, 50), '');
    expect((await post(sue, ticketsRoutes.escalateTicket, { id: ticket.id })).json().escalated).toBe(true);
    // Escalating mails engineering at once; escalating again (already escalated) does not.
    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(4));
    expect((await mailsTo(ticket.id)).join('\n')).toContain(`Escalated ticket ${ticket.id} for aligner ${SERIAL}`);
    expect((await mailsTo(ticket.id)).join('\n')).toContain('Escalated by sue.');
    expect((await post(sue, ticketsRoutes.escalateTicket, { id: ticket.id })).json().escalated).toBe(true);
    await post(sue, ticketsRoutes.createComment, { ticketId: ticket.id, authorUsername: 'sue', text: 'loud again' });
    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(5));
    const all = (await mailsTo(ticket.id)).join('\n');
    expect(all).not.toContain('quiet now');
    expect(all).toContain('loud again');

    const closed = await post(sue, ticketsRoutes.closeTicket, { id: ticket.id, username: 'sue' });
    expect(closed.json()).toMatchObject({ status: 'closed', closed: true, closedByUsername: 'sue' });
    expect(await openTickets()).toBe(0);
    expect((await get(admin, ticketsRoutes.getTickets)).json().totalDocs).toBe(0);
    expect((await get(admin, ticketsRoutes.getTickets, { closed: 'true' })).json().totalDocs).toBe(1);

    const read = (await get(admin, ticketsRoutes.getTicket, { id: ticket.id })).json();
    expect(read.comments.map((c) => c.text)).toEqual(['Tried recalibrating', 'quiet now', 'loud again']);
    expect(read.attachments.map((a) => a.description)).toEqual(['the wheel', '']);

    await vi.waitFor(() =>
      expect(events).toEqual([
        `REPORT_SUPPORT_TICKET_CREATED ${ticket.id} ${SERIAL} admin`,
        `REPORT_SUPPORT_TICKET_COMMENT_CREATED ${ticket.id} ${SERIAL} sue`,
        `REPORT_SUPPORT_TICKET_COMMENT_CREATED ${ticket.id} ${SERIAL} sue`,
        `REPORT_SUPPORT_TICKET_COMMENT_CREATED ${ticket.id} ${SERIAL} sue`,
        `REPORT_SUPPORT_TICKET_CLOSED ${ticket.id} ${SERIAL} sue`,
      ]),
    );
    await vi.waitFor(() => expect(stats.at(-1)).toMatchObject({ openTicketCount: 0, closedTicketCount: 1 }));
  });

  it('refuses every change to a closed ticket with 409 and stores nothing', async () => {
    const { id } = (await create(admin, 'admin')).json();
    await post(admin, ticketsRoutes.closeTicket, { id, username: 'admin' });
    await vi.waitFor(async () => expect(await mailsTo(id)).toHaveLength(1));
    const refusals = [
      await post(admin, ticketsRoutes.createComment, { ticketId: id, authorUsername: 'admin', text: 'late' }),
      await upload(admin, id, 'admin', await png()),
      await post(admin, ticketsRoutes.escalateTicket, { id }),
      await post(admin, ticketsRoutes.deescalateTicket, { id }),
      await post(admin, ticketsRoutes.closeTicket, { id, username: 'admin' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: `Ticket ${id} is closed; a closed ticket cannot change.` });
    }
    const read = (await get(admin, ticketsRoutes.getTicket, { id })).json();
    expect(read).toMatchObject({ comments: [], attachments: [], escalated: true, closedByUsername: 'admin' });
    expect(await t.storedFiles('attachments')).toEqual({ registered: [], onDisk: [] });
    expect(await mailsTo(id)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx: missing ticket, empty comment, forged author, bad id, bad files', async () => {
    const { id } = (await create(admin, 'admin', { escalated: false })).json();
    const cases: [Promise<{ statusCode: number; body: string; json(): unknown }>, number, RegExp][] = [
      [
        post(admin, ticketsRoutes.createComment, { ticketId: 999, authorUsername: 'admin', text: 'x' }),
        404,
        /no ticket 999/,
      ],
      [
        post(admin, ticketsRoutes.createComment, { ticketId: id, authorUsername: 'admin', text: '   ' }),
        400,
        /cannot be empty/,
      ],
      [
        post(sue, ticketsRoutes.createComment, { ticketId: id, authorUsername: 'admin', text: 'as admin' }),
        403,
        /signed-in user/,
      ],
      [post(sue, ticketsRoutes.closeTicket, { id, username: 'admin' }), 403, /signed-in user/],
      [create(sue, 'admin'), 403, /signed-in user/],
      [create(admin, 'admin', { serialNumber: 'ZZZ999999' }), 404, /no unit with serial number ZZZ999999/],
      [get(admin, ticketsRoutes.getTicket, { id: 'abc' }), 400, /id must be a number/],
      [get(admin, ticketsRoutes.getTicket, { id: 12345 }), 404, /no ticket 12345/],
      [upload(sue, id, 'admin', await png()), 403, /signed-in user/],
      [upload(admin, id, 'admin', Buffer.from('GIF89a not a png, whatever the name says')), 415, /Only PNG or JPEG/],
      [
        upload(admin, id, 'admin', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(64)])),
        415,
        /Only PNG or JPEG/,
      ],
      [upload(admin, id, 'admin', Buffer.alloc(1024 * 1024 + 10, 1)), 413, /larger than 1 MB/],
      [upload(admin, 777, 'admin', await png()), 404, /no ticket 777/],
    ];
    for (const [response, status, message] of cases) {
      const res = await response;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(message) });
    }
    const read = (await get(admin, ticketsRoutes.getTicket, { id })).json();
    expect(read).toMatchObject({ comments: [], attachments: [], closed: false });
    expect(await t.storedFiles('attachments')).toEqual({ registered: [], onDisk: [] });
    expect(await t.outbox()).toEqual([]);
  });

  it('gives statistics per issuer, the unit history with comments, and follows a serial reset', async () => {
    const first = (await create(admin, 'admin')).json();
    await create(sue, 'sue');
    await create(sue, 'sue');
    await post(admin, ticketsRoutes.createComment, {
      ticketId: first.id,
      authorUsername: 'admin',
      text: 'first comment',
    });
    await post(admin, ticketsRoutes.closeTicket, { id: first.id, username: 'admin' });

    expect((await get(sue, dashboardRoutes.getTicketStatistics)).json()).toEqual({
      openTicketCount: 2,
      closedTicketCount: 1,
      totalTickets: 3,
      openTicketsByIssuerUsername: [{ issuerUsername: 'sue', total: 2 }],
      closedTicketsByIssuerUsername: [{ issuerUsername: 'admin', total: 1 }],
      totalTicketsByIssuerUsername: [
        { issuerUsername: 'admin', total: 1 },
        { issuerUsername: 'sue', total: 2 },
      ],
    });
    expect((await get(sue, ticketsRoutes.getTickets, { mine: 'true', username: 'sue' })).json().totalDocs).toBe(2);
    expect((await get(sue, ticketsRoutes.getTickets, { mine: 'true', username: 'admin' })).statusCode).toBe(403);

    const history = (await get(sue, ticketsRoutes.getTicketHistory, { serialNumber: SERIAL })).json();
    expect(history).toHaveLength(3);
    expect(history[2]).toMatchObject({
      id: first.id,
      openedBy: 'admin',
      callerName: 'Pat Caller',
      callerEmail: 'pat@shop.example',
      status: 'closed',
      comments: [{ text: 'first comment', authorUsername: 'admin' }],
    });
    expect(history[2]).not.toHaveProperty('issuerUsername');
    expect((await get(sue, ticketsRoutes.getTicketHistory, { serialNumber: 'V33CT0099' })).json()).toEqual([]);

    await t.app.fleet.renamer.rename(SERIAL, 'V33CT0100');
    expect((await get(sue, ticketsRoutes.getTicketHistory, { serialNumber: 'V33CT0100' })).json()).toHaveLength(3);
    expect((await get(sue, alignersRoutes.getAligner, { serialNumber: 'V33CT0100' })).json().openSupportTickets).toBe(
      2,
    );
  });

  it('exports the list’s filter as CSV, newest first, with “mine” the caller’s own', async () => {
    const first = (await create(admin, 'admin')).json();
    await create(sue, 'sue');
    await create(sue, 'sue', { originatorName: '=HYPERLINK("x")' });
    await post(admin, ticketsRoutes.closeTicket, { id: first.id, username: 'admin' });
    const listed = (await get(sue, ticketsRoutes.getTickets, { closed: 'true' })).json();
    const res = await get(sue, ticketsRoutes.exportTickets, { closed: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('3');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => Number(r.ID))).toEqual(listed.docs.map((d) => d.id));
    expect(rows[0]).toMatchObject({ 'Serial Number': SERIAL, 'Opened By': 'sue', "Caller's Name": `'=HYPERLINK("x")` });
    expect(rows[2]).toMatchObject({ Status: 'CLOSED', 'Closed By': 'admin' });
    // Without closed=true the list, and so the export, leaves closed tickets out.
    expect((await get(sue, ticketsRoutes.exportTickets)).headers['x-export-rows']).toBe('2');
    const mine = parse<Record<string, string>>(
      (await get(admin, ticketsRoutes.exportTickets, { mine: 'true', closed: 'true' })).body,
      {
        columns: true,
      },
    );
    expect(mine.map((r) => Number(r.ID))).toEqual([first.id]);
    expect((await get(sue, ticketsRoutes.exportTickets, { mine: 'true', username: 'admin' })).statusCode).toBe(403);
    // A flag that is neither true nor false, which the contract's type refuses: sent by hand.
    const bad = await t.app.inject({ url: '/export/tickets/v1?closed=maybe', headers: bearer(sue) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('closed');
  });

  it('never stores a comment after the close it raced with', async () => {
    const { id } = (await create(admin, 'admin', { escalated: false })).json();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        post(sue, ticketsRoutes.createComment, { ticketId: id, authorUsername: 'sue', text: `race ${i}` }),
      ),
      post(admin, ticketsRoutes.closeTicket, { id, username: 'admin' }),
      ...Array.from({ length: 5 }, (_, i) =>
        post(sue, ticketsRoutes.createComment, { ticketId: id, authorUsername: 'sue', text: `late ${i}` }),
      ),
    ]);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const read = (await get(admin, ticketsRoutes.getTicket, { id })).json();
    expect(read.closed).toBe(true);
    const accepted = answers.filter((a) => a.statusCode === 200).length - 1;
    expect(read.comments).toHaveLength(accepted);
    for (const c of read.comments) expect(c.createdAt <= read.closedAt!).toBe(true);
  });

  it('documents every ticket call in /openapi.json', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json().paths);
    for (const path of [
      '/read/ticketHistory/v1',
      '/create/ticket/v1',
      '/read/tickets/v1',
      '/export/tickets/v1',
      '/read/ticket/v1',
      '/update/ticket_escalated/v1',
      '/update/ticket_deescalated/v1',
      '/update/ticket_closed/v1',
      '/create/comment/v1',
      '/upload_ticket_attachment',
      '/read/ticket_statistics/v1',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
