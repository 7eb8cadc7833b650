import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../support/multipart.js';
import { bearer } from '../../support/test-app.js';
import { expectAccepted, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

const SERIAL = 'V33CT0401';

/** The ticket payload of part 1 §3, field for field; `version` is the semantic string, specs a name. */
const specTicket = (extra: object = {}) => ({
  issuerUsername: 'admin',
  issuerEmail: 'admin@example.com',
  originatorName: 'Pat Caller',
  originatorEmail: 'pat@shop.example',
  techOnSite: true,
  exhibitingNow: false,
  reproducible: true,
  disposition: 'New Install',
  inService: 'two years',
  componentsReplaced: 'left camera',
  description: 'Targets drop out',
  circumstance: 'during caster swing',
  attemptedResolution: 'recalibrated',
  environment: 'bright bay',
  other: '',
  issueStartedOn: 'last week',
  serialNumber: SERIAL,
  version: '5.1.0',
  specs: 'unknown',
  connected: false,
  escalated: true,
  family: 'aligner',
  model: 'V3D aligner',
  ...extra,
});

/** Part 1 §7 "Tickets", each call in the spec's literal shape. */
describe('spec contract: support tickets', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ ENGINEERING_EMAILS: '' });
    await seedUnit(c.t, SERIAL, {
      version: { semantic: '5.2.0', meta: 'r1' },
      specs: { name: 'NA-2030', month: 3, year: 2030 },
    });
  });
  afterAll(() => c.close());

  const openTicket = async (extra: object = {}) => {
    const res = await c.post('/create/ticket/v1', specTicket(extra));
    expectAccepted(res);
    return res.json<{ id: number }>();
  };

  it('POST /create/ticket/v1 accepts version as the semantic string', async () => {
    const ticket = await openTicket();
    // The unit's own values are kept, whatever the client sent for them.
    expect(ticket).toMatchObject({ version: '5.2.0', specs: 'NA-2030', disposition: 'New Install', escalated: true });
    const object = await c.post('/create/ticket/v1', specTicket({ version: { semantic: '5.1.0', meta: null } }));
    expectAccepted(object);
  });

  it('GET /read/ticketHistory/v1 accepts ?serialNumber=', async () => {
    const { id } = await openTicket({ originatorName: 'History Caller' });
    const res = await c.get(`/read/ticketHistory/v1?serialNumber=${SERIAL}`);
    expectAccepted(res);
    expect(res.json()).toContainEqual(expect.objectContaining({ id, openedBy: 'admin', callerName: 'History Caller' }));
  });

  it('GET /read/tickets/v1 accepts /?page&filterSerialNumber&closed&mine&username', async () => {
    const { id } = await openTicket();
    const res = await c.get(
      `/read/tickets/v1/?page=1&filterSerialNumber=${SERIAL}&closed=false&mine=true&username=admin`,
    );
    expectAccepted(res);
    expect(res.json().docs.map((d: { id: number }) => d.id)).toContain(id);
    expect(res.json().totalDocs).toBeGreaterThan(0);
  });

  it('GET /read/ticket/v1 accepts /?id', async () => {
    const { id } = await openTicket();
    const res = await c.get(`/read/ticket/v1/?id=${id}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ id, serialNumber: SERIAL, status: 'open', comments: [], attachments: [] });
  });

  it('POST /update/ticket_escalated/v1 accepts {id} with the trailing slash', async () => {
    const { id } = await openTicket({ escalated: false });
    const res = await c.post('/update/ticket_escalated/v1/', { id });
    expectAccepted(res);
    expect(res.json().escalated).toBe(true);
  });

  it('POST /update/ticket_deescalated/v1 accepts {id} with the trailing slash', async () => {
    const { id } = await openTicket();
    const res = await c.post('/update/ticket_deescalated/v1/', { id });
    expectAccepted(res);
    expect(res.json().escalated).toBe(false);
  });

  it('POST /update/ticket_closed/v1 accepts {id, username} with the trailing slash', async () => {
    const { id } = await openTicket();
    const res = await c.post('/update/ticket_closed/v1/', { id, username: 'admin' });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ status: 'closed', closedByUsername: 'admin' });
  });

  it('POST /create/comment/v1 accepts {ticketId, authorUsername, text} and answers the comment', async () => {
    const { id } = await openTicket();
    const res = await c.post('/create/comment/v1/', { ticketId: id, authorUsername: 'admin', text: 'Swapped cable' });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ authorUsername: 'admin', text: 'Swapped cable', createdAt: expect.any(String) });
  });

  it('POST /upload_ticket_attachment accepts ?ticketId&authorUsername with multipart {file, description}', async () => {
    const { id } = await openTicket();
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff9800' } })
      .jpeg()
      .toBuffer();
    const body = multipart([
      { name: 'file', value: image, filename: 'wheel.jpg', contentType: 'image/jpeg' },
      { name: 'description', value: 'the wheel' },
    ]);
    const res = await c.t.app.inject({
      method: 'POST',
      url: `/upload_ticket_attachment?ticketId=${id}&authorUsername=admin`,
      headers: { ...bearer(c.token), ...body.headers },
      payload: body.payload,
    });
    expectAccepted(res);
    const names = { fileName: expect.stringMatching(/\.jpg$/), thumbFileName: expect.stringMatching(/-thumb\.jpg$/) };
    const attachment = res.json();
    expect(attachment).toMatchObject({
      id: expect.any(Number),
      description: 'the wheel',
      authorUsername: 'admin',
      ...names,
    });
    // The ticket read carries the same names, and each names the file its download gets.
    expect((await c.get(`/read/ticket/v1/?id=${id}`)).json().attachments).toEqual([attachment]);
    const file = await c.get(attachment.url);
    expect(file.headers['content-disposition']).toContain(attachment.fileName);
    const thumb = await c.get(`${attachment.url}&thumb=true`);
    expect(thumb.headers['content-disposition']).toContain(attachment.thumbFileName);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(102);
  });
});
