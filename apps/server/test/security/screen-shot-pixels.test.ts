import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_PIXELS } from '../../src/areas/fleet/commands/screen-shots.js';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { bearer } from '../support/test-app.js';
import type { TestUnit } from '../support/test-unit.js';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid black PNG of `width` × `height`, one bit a pixel: a few KB however many pixels it
 * has, as a decompression bomb is (16000 × 16000 is 31 KB here and a gigabyte decoded).
 */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A unit's screen shot is refused by its pixel count, read from its header, before it is decoded. */
describe('a unit’s screen shot with too many pixels', () => {
  let f: FleetFixture;
  let unit: TestUnit;
  let token: string;
  let image = '';
  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker);
    unit = await f.unit();
    // A unit whose screen shot the console may take, as in the remote commands' test.
    await unit.connect({
      version: { semantic: '5.1.0', meta: null },
      family: 'aligner',
      systemClass: 'DRAGON',
      logLevel: 'WARN',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
    });
    await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('5.1.0'));
    token = (await f.t.signIn('admin')).access_token;
    unit.answer = (command) =>
      command.name === 'get_screen_shot' ? { ok: true, result: { image } } : { ok: true, result: {} };
  });
  afterAll(() => f.close());

  const take = (png: Buffer) => {
    image = png.toString('base64');
    return f.t.app.inject({
      method: 'POST',
      url: '/cmd/aligner_get_screen_shot/v1',
      headers: bearer(token),
      payload: { serialNumber: unit.serialNumber },
    });
  };
  const stored = async () =>
    (
      await f.t.app.inject({
        url: `/api/v1/get_screen_shots_for_aligner?serialNumber=${unit.serialNumber}`,
        headers: bearer(token),
      })
    ).json<unknown[]>();

  it('answers 413 naming the limit for a 16000 × 16000 PNG, and stores nothing', async () => {
    const res = await take(blackPng(16_000, 16_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The unit sent a screen shot of 16000 × 16000 pixels; a screen shot may have at most 16,777,216 pixels (4096 × 4096).',
    );
    expect(await stored()).toEqual([]);
    expect((await f.t.storedFiles('screenshots')).registered).toEqual([]);
  });

  it(`takes ${SCREENSHOT_MAX_PIXELS.toLocaleString('en')} pixels and refuses one row more`, async () => {
    expect((await take(blackPng(4096, 4097))).statusCode).toBe(413);
    expect(await stored()).toEqual([]);
    const res = await take(blackPng(4096, 4096));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toHaveLength(1);
  });
});
