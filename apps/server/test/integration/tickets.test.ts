import { parse } from 'csv-parse/sync';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@ed/contract/constants';
import type { TicketStatistics } from '@ed/contract/dashboard';
import type { Ticket } from '@ed/contract/tickets';
import { equipment } from '../../src/db/schema.js';
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

  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
  const create = (token: string, username: string, extra: object = {}) =>
    post(token, '/create/ticket/v1', {
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
    (await get(admin, `/read/aligner/v1?serialNumber=${SERIAL}`)).json().openSupportTickets as number;
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
    const ticket = created.json<Ticket>();
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

    const list = (await get(admin, `/read/tickets/v1?page=1&filterSerialNumber=ct0042`)).json();
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]).toMatchObject({ id: ticket.id, description: 'Cameras lose the targets', commentCount: 0 });
    expect((await get(sue, '/read/tickets/v1?mine=true&username=sue')).json().totalDocs).toBe(0);

    const comment = await post(sue, '/create/comment/v1', {
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

    const file = await get(sue, attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="ticket-\d+-attachment-\d+\.png"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(await png())).toBe(true);
    expect((await t.app.inject({ url: attachment.url })).statusCode).toBe(401);

    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(3));
    const mails = await mailsTo(ticket.id);
    expect(mails.join('\n')).toContain(`/SupportTickets?id=${ticket.id}`);
    expect(mails.join('\n')).toContain(`Serial number: ${SERIAL}`);

    expect((await post(sue, '/update/ticket_deescalated/v1', { id: ticket.id })).json().escalated).toBe(false);
    await post(sue, '/create/comment/v1', { ticketId: ticket.id, authorUsername: 'sue', text: 'quiet now' });
    await upload(sue, ticket.id, 'sue', await png(50, 50), '');
    expect((await post(sue, '/update/ticket_escalated/v1', { id: ticket.id })).json().escalated).toBe(true);
    // Escalating mails engineering at once; escalating again (already escalated) does not.
    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(4));
    expect((await mailsTo(ticket.id)).join('\n')).toContain(`Escalated ticket ${ticket.id} for aligner ${SERIAL}`);
    expect((await mailsTo(ticket.id)).join('\n')).toContain('Escalated by sue.');
    expect((await post(sue, '/update/ticket_escalated/v1', { id: ticket.id })).json().escalated).toBe(true);
    await post(sue, '/create/comment/v1', { ticketId: ticket.id, authorUsername: 'sue', text: 'loud again' });
    await vi.waitFor(async () => expect(await mailsTo(ticket.id)).toHaveLength(5));
    const all = (await mailsTo(ticket.id)).join('\n');
    expect(all).not.toContain('quiet now');
    expect(all).toContain('loud again');

    const closed = await post(sue, '/update/ticket_closed/v1', { id: ticket.id, username: 'sue' });
    expect(closed.json()).toMatchObject({ status: 'closed', closed: true, closedByUsername: 'sue' });
    expect(await openTickets()).toBe(0);
    expect((await get(admin, '/read/tickets/v1')).json().totalDocs).toBe(0);
    expect((await get(admin, '/read/tickets/v1?closed=true')).json().totalDocs).toBe(1);

    const read = (await get(admin, `/read/ticket/v1?id=${ticket.id}`)).json<Ticket>();
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
    const { id } = (await create(admin, 'admin')).json<Ticket>();
    await post(admin, '/update/ticket_closed/v1', { id, username: 'admin' });
    await vi.waitFor(async () => expect(await mailsTo(id)).toHaveLength(1));
    const refusals = [
      await post(admin, '/create/comment/v1', { ticketId: id, authorUsername: 'admin', text: 'late' }),
      await upload(admin, id, 'admin', await png()),
      await post(admin, '/update/ticket_escalated/v1', { id }),
      await post(admin, '/update/ticket_deescalated/v1', { id }),
      await post(admin, '/update/ticket_closed/v1', { id, username: 'admin' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`Ticket ${id} is closed; a closed ticket cannot change.`);
    }
    const read = (await get(admin, `/read/ticket/v1?id=${id}`)).json<Ticket>();
    expect(read).toMatchObject({ comments: [], attachments: [], escalated: true, closedByUsername: 'admin' });
    expect(await t.storedFiles('attachments')).toEqual({ registered: [], onDisk: [] });
    expect(await mailsTo(id)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx: missing ticket, empty comment, forged author, bad id, bad files', async () => {
    const { id } = (await create(admin, 'admin', { escalated: false })).json<Ticket>();
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, number, RegExp][] = [
      [post(admin, '/create/comment/v1', { ticketId: 999, authorUsername: 'admin', text: 'x' }), 404, /no ticket 999/],
      [
        post(admin, '/create/comment/v1', { ticketId: id, authorUsername: 'admin', text: '   ' }),
        400,
        /cannot be empty/,
      ],
      [
        post(sue, '/create/comment/v1', { ticketId: id, authorUsername: 'admin', text: 'as admin' }),
        403,
        /signed-in user/,
      ],
      [post(sue, '/update/ticket_closed/v1', { id, username: 'admin' }), 403, /signed-in user/],
      [create(sue, 'admin'), 403, /signed-in user/],
      [create(admin, 'admin', { serialNumber: 'ZZZ999999' }), 404, /no unit with serial number ZZZ999999/],
      [get(admin, '/read/ticket/v1?id=abc'), 400, /id must be a number/],
      [get(admin, '/read/ticket/v1?id=12345'), 404, /no ticket 12345/],
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
      expect(res.statusCode, res.json().message).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const read = (await get(admin, `/read/ticket/v1?id=${id}`)).json<Ticket>();
    expect(read).toMatchObject({ comments: [], attachments: [], closed: false });
    expect(await t.storedFiles('attachments')).toEqual({ registered: [], onDisk: [] });
    expect(await t.outbox()).toEqual([]);
  });

  it('gives statistics per issuer, the unit history with comments, and follows a serial reset', async () => {
    const first = (await create(admin, 'admin')).json<Ticket>();
    await create(sue, 'sue');
    await create(sue, 'sue');
    await post(admin, '/create/comment/v1', { ticketId: first.id, authorUsername: 'admin', text: 'first comment' });
    await post(admin, '/update/ticket_closed/v1', { id: first.id, username: 'admin' });

    expect((await get(sue, '/read/ticket_statistics/v1')).json()).toEqual({
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
    expect((await get(sue, '/read/tickets/v1?mine=true&username=sue')).json().totalDocs).toBe(2);
    expect((await get(sue, '/read/tickets/v1?mine=true&username=admin')).statusCode).toBe(403);

    const history = (await get(sue, `/read/ticketHistory/v1?serialNumber=${SERIAL}`)).json();
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
    expect((await get(sue, '/read/ticketHistory/v1?serialNumber=V33CT0099')).json()).toEqual([]);

    await t.app.fleet.renamer.rename(SERIAL, 'V33CT0100');
    expect((await get(sue, '/read/ticketHistory/v1?serialNumber=V33CT0100')).json()).toHaveLength(3);
    expect((await get(sue, '/read/aligner/v1?serialNumber=V33CT0100')).json().openSupportTickets).toBe(2);
  });

  it('exports the list’s filter as CSV, newest first, with “mine” the caller’s own', async () => {
    const first = (await create(admin, 'admin')).json<Ticket>();
    await create(sue, 'sue');
    await create(sue, 'sue', { originatorName: '=HYPERLINK("x")' });
    await post(admin, '/update/ticket_closed/v1', { id: first.id, username: 'admin' });
    const listed = (await get(sue, '/read/tickets/v1?closed=true')).json<{ docs: Ticket[]; totalDocs: number }>();
    const res = await get(sue, '/export/tickets/v1?closed=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('3');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => Number(r.ID))).toEqual(listed.docs.map((d) => d.id));
    expect(rows[0]).toMatchObject({ 'Serial Number': SERIAL, 'Opened By': 'sue', "Caller's Name": `'=HYPERLINK("x")` });
    expect(rows[2]).toMatchObject({ Status: 'CLOSED', 'Closed By': 'admin' });
    // Without closed=true the list, and so the export, leaves closed tickets out.
    expect((await get(sue, '/export/tickets/v1')).headers['x-export-rows']).toBe('2');
    const mine = parse<Record<string, string>>((await get(admin, '/export/tickets/v1?mine=true&closed=true')).body, {
      columns: true,
    });
    expect(mine.map((r) => Number(r.ID))).toEqual([first.id]);
    expect((await get(sue, '/export/tickets/v1?mine=true&username=admin')).statusCode).toBe(403);
    const bad = await get(sue, '/export/tickets/v1?closed=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('closed');
  });

  it('never stores a comment after the close it raced with', async () => {
    const { id } = (await create(admin, 'admin', { escalated: false })).json<Ticket>();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        post(sue, '/create/comment/v1', { ticketId: id, authorUsername: 'sue', text: `race ${i}` }),
      ),
      post(admin, '/update/ticket_closed/v1', { id, username: 'admin' }),
      ...Array.from({ length: 5 }, (_, i) =>
        post(sue, '/create/comment/v1', { ticketId: id, authorUsername: 'sue', text: `late ${i}` }),
      ),
    ]);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const read = (await get(admin, `/read/ticket/v1?id=${id}`)).json<Ticket>();
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
