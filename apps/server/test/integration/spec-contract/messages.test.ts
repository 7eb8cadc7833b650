import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../support/multipart.js';
import { bearer } from '../../support/test-app.js';
import { expectAccepted, specClient, type SpecClient } from '../../support/spec-client.js';

const DAY = 86_400_000;
const startOfToday = () => new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z');

/** The create payload of part 2 §7, field for field. */
const specMessage = (header: string) => ({
  schedule: {
    startDate: startOfToday().toISOString(),
    endDate: new Date(startOfToday().getTime() + 3 * DAY - 1).toISOString(),
  },
  header,
  body: 'Book your calibration check.',
  callToAction: 'Call us',
  targets: { market: 'US', softwareVersion: 'all', serialNumbers: ['V33CT0801'] },
  issuerUsername: 'admin',
  issuerEmail: 'admin@example.com',
  disposition: 'draft',
});

/** Part 2 §7 "Messages", each call in the spec's literal shape. */
describe('spec contract: messaging', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient();
  });
  afterAll(() => c.close());

  const create = async (header: string) => {
    const res = await c.post('/create/message/v1', specMessage(header));
    expectAccepted(res);
    return res.json<{ id: number }>();
  };

  it('GET /read/messages/v1 accepts /?page, filterIssuerUsername, invert and filterDisposition', async () => {
    const { id } = await create('Mine');
    const mine = await c.get(
      '/read/messages/v1/?page=1&filterIssuerUsername=admin&invert=false&filterDisposition=draft',
    );
    expectAccepted(mine);
    expect(mine.json().docs.map((m: { id: number }) => m.id)).toContain(id);
    // The other tabs send an empty username, invert false and their disposition.
    const pending = await c.get(
      `/read/messages/v1/?page=1&filterIssuerUsername=&invert=false&filterDisposition=${encodeURIComponent('pending approval')}`,
    );
    expectAccepted(pending);
    expect(pending.json()).toMatchObject({ totalDocs: expect.any(Number), docs: expect.any(Array) });
  });

  it('POST /create/message/v1 accepts {schedule, header, body, callToAction, targets, issuerUsername, issuerEmail, disposition}', async () => {
    const res = await c.post('/create/message/v1', specMessage('Winter service'));
    expectAccepted(res);
    expect(res.json()).toMatchObject({
      header: 'Winter service',
      disposition: 'draft',
      issuerUsername: 'admin',
      targets: { market: 'US', softwareVersion: 'all', serialNumbers: ['V33CT0801'] },
    });
  });

  it('POST /update/message/v1 accepts {id, payload{...}} and Save and Submit moves it to pending approval', async () => {
    const { id } = await create('To submit');
    const { schedule, header, body, callToAction, issuerUsername, issuerEmail } = specMessage('Submitted');
    const payload = {
      schedule,
      header,
      body,
      callToAction,
      targets: { market: 'US', softwareVersion: 'all' },
      issuerUsername,
      issuerEmail,
      disposition: 'pending approval',
    };
    const res = await c.post('/update/message/v1', { id, payload });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ id, header: 'Submitted', disposition: 'pending approval' });
    // Absent serialNumbers kept the list.
    expect(res.json().targets.serialNumbers).toEqual(['V33CT0801']);
  });

  it('POST /delete/message/v1 accepts {id}', async () => {
    const { id } = await create('To delete');
    const res = await c.post('/delete/message/v1', { id });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ id, disposition: 'deleted' });
  });

  it('POST /upload_serialnumbers answers the list of serial numbers for a multipart file', async () => {
    const body = multipart([
      {
        name: 'file',
        value: 'V33CT0801\nV33CT0802\nV33CT0801\nnot-one\n',
        filename: 'units.csv',
        contentType: 'text/csv',
      },
    ]);
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/upload_serialnumbers',
      headers: { ...bearer(c.token), ...body.headers },
      payload: body.payload,
    });
    expectAccepted(res);
    expect(res.json()).toEqual(['V33CT0801', 'V33CT0802']);
  });
});
