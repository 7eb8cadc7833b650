import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIAL_CSV_MAX_BYTES } from '@ed/contract/messages';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const BOUNDARY = 'ed-test-boundary';
const multipart = (filename: string, content: string, field = 'file') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;

describe('POST /upload_serialnumbers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    token = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  const upload = (filename: string, content: string, field?: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/upload_serialnumbers${query}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(filename, content, field),
    });

  it('answers the distinct serial numbers, the list alone unless report=true asks what was left out', async () => {
    const csv = 'serialNumber\n\nV33CQ0123\nnope\nV33CQ0123\nHE1DR1234\n';
    const list = await upload('units.CSV', csv);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(['V33CQ0123', 'HE1DR1234']);
    const res = await upload('units.CSV', csv, 'file', '?report=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      serialNumbers: ['V33CQ0123', 'HE1DR1234'],
      invalid: [{ line: 4, value: 'nope' }],
      duplicates: 1,
    });
  });

  it('refuses a file that is not .csv, a wrong field, a file over the size cap and a non-multipart call', async () => {
    const txt = await upload('units.txt', 'V33CQ0123');
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe('Only .csv files are accepted; units.txt is not one.');
    expect((await upload('units.csv', 'V33CQ0123', 'other')).statusCode).toBe(400);
    const huge = await upload('million.csv', 'V33CQ0123\n'.repeat(Math.ceil(SERIAL_CSV_MAX_BYTES / 10) + 10));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(`The file is larger than ${SERIAL_CSV_MAX_BYTES / 1024} KB.`);
    const json = await t.app.inject({
      method: 'POST',
      url: '/upload_serialnumbers',
      headers: bearer(token),
      payload: {},
    });
    expect(json.statusCode).toBe(415);
  });
});
