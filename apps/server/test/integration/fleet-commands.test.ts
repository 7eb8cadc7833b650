import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandMessage } from '@ed/contract/device-protocol';
import { brokerUnderTest, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { testSerial, type Answer, type TestUnit } from '../support/test-unit.js';
import { sampleCalibration } from '../support/sample-calibration.js';

const modernAligner = {
  version: { semantic: '5.1.0', meta: null },
  family: 'aligner' as const,
  systemClass: 'DRAGON',
  logLevel: 'WARN' as const,
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
};

async function screenPng(): Promise<string> {
  const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** What a well-behaved unit answers to each command. */
async function plausibleAnswer(command: CommandMessage): Promise<Answer> {
  switch (command.name) {
    case 'get_screen_shot':
      return { ok: true, result: { image: await screenPng() } };
    case 'get_voltages':
      return {
        ok: true,
        result: {
          voltages: [{ BoardName: 'Main Board', Parameters: [{ Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 }] }],
        },
      };
    case 'get_usb_status':
      return { ok: true, result: { status: 'Bus 001 Device 002: Camera Left\nBus 001 Device 003: Camera Right' } };
    case 'get_printer_status':
      return { ok: true, result: { status: 'Printer: HP LaserJet\nState: idle' } };
    case 'get_calibration_logs':
      return { ok: true, result: { calibrations: [sampleCalibration('2026-10-01T10:00:00.000Z')] } };
    case 'open_ssh_port':
      return { ok: true, result: { port: 42022 } };
    default:
      return { ok: true, result: {} };
  }
}

{
  const broker = brokerUnderTest;
  describe(`remote commands on the ${broker.name}`, () => {
    let f: FleetFixture;
    let t: TestApp;
    let unit: TestUnit;
    let token: string;

    beforeEach(async () => {
      f = await fleetFixture(broker);
      t = f.t;
      unit = await f.unit();
      await unit.connect(modernAligner);
      await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('5.1.0'));
      token = (await t.signIn('admin')).access_token;
    });
    afterEach(() => f.close());

    /** Answers like a real unit; the reply is published once the (asynchronous) answer is ready. */
    const answering = () => {
      unit.answer = (command) => {
        void plausibleAnswer(command).then((answer) =>
          unit.publishRaw(
            unit.topics.reply(unit.serialNumber),
            JSON.stringify({ id: command.id, ...(answer as object) }),
          ),
        );
        return 'silence';
      };
    };
    const call = (path: string, payload: Record<string, unknown> = { serialNumber: unit.serialNumber }, auth = token) =>
      t.app.inject({ method: 'POST', url: path, headers: bearer(auth), payload });
    const read = (url: string) => t.app.inject({ url, headers: bearer(token) });

    it('takes a screen shot, stores it with a 96×54 thumbnail, lists, downloads and deletes it', async () => {
      answering();
      const res = await call('/cmd/aligner_get_screen_shot/v1');
      expect(res.statusCode, res.body).toBe(200);
      expect(unit.received.at(-1)!.name).toBe('get_screen_shot');
      const list = (await read(`/api/v1/get_screen_shots_for_aligner?serialNumber=${unit.serialNumber}`)).json();
      expect(list).toHaveLength(1);
      const thumb = Buffer.from(list[0].thumbnail.split(',')[1], 'base64');
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'png', width: 96, height: 54 });
      const image = await read(list[0].image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^attachment/);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/delete_screen_shot?id=${list[0].id}`,
        headers: bearer(token),
      });
      expect(del.statusCode).toBe(200);
      expect((await read(`/api/v1/get_screen_shots_for_aligner?serialNumber=${unit.serialNumber}`)).json()).toEqual([]);
      expect((await read(list[0].image)).statusCode).toBe(404);
    });

    it('stores voltage, USB and printer reports for the latest-report reads', async () => {
      const latest = (kind: string) => read(`/api/v1/get_latest_${kind}_for_aligner?serialNumber=${unit.serialNumber}`);
      for (const kind of ['voltages', 'usb_status', 'printer_status']) {
        expect((await latest(kind)).json()).toBeNull();
      }
      answering();
      for (const path of [
        '/cmd/aligner_get_voltages/v1',
        '/cmd/aligner_get_usb_status/v1',
        '/cmd/aligner_get_printer_status/v1',
      ]) {
        expect((await call(path)).statusCode).toBe(200);
      }
      expect((await latest('voltages')).json()).toMatchObject({
        voltages: [{ BoardName: 'Main Board', Parameters: [{ Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 }] }],
        createdAt: expect.any(String),
      });
      expect((await latest('usb_status')).json().status).toContain('Camera Right');
      expect((await latest('printer_status')).json().status.split('\n')).toEqual([
        'Printer: HP LaserJet',
        'State: idle',
      ]);
    });

    it('keeps calibration records once, however often they are fetched', async () => {
      answering();
      const first = await call('/cmd/aligner_get_calibration_logs/v1');
      expect(first.json().result).toEqual({ received: 1, stored: 1 });
      const again = await call('/cmd/aligner_get_calibration_logs/v1');
      expect(again.json().result).toEqual({ received: 1, stored: 0 });
      expect(await t.app.fleet.reports.calibrationCount(unit.serialNumber)).toBe(1);
    });

    it('round-trips every other command and keeps its effect', async () => {
      answering();
      // Open Port, RCP and INFO last a while: the answer also says when the server reverts them.
      const until = { expiresAt: expect.any(String) as unknown };
      const cases: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
        ['/cmd/aligner_open_ssh_port/v1', {}, 'open_ssh_port', { port: 42022, ...until }],
        ['/cmd/aligner_activate/v1', {}, 'activate', {}],
        ['/cmd/aligner_rcp/v1', {}, 'rcp', until],
        ['/cmd/aligner_check_now/v1', {}, 'check_now', {}],
        ['/cmd/aligner_download_now/v1', {}, 'download_now', {}],
        ['/cmd/aligner_install_now/v1', {}, 'install_now', {}],
        ['/cmd/clear_pending_updates/v1', {}, 'clear_pending_updates', {}],
        [
          '/cmd/aligner_set_logging_level/v1',
          { loggingLevel: 'INFO' },
          'set_logging_level',
          { logLevel: 'INFO', ...until },
        ],
        ['/cmd/set_target_eol_types/v1', { targetType: 'AT700' }, 'set_target_eol_types', { targetType: 'AT700' }],
      ];
      for (const [path, extra, command, result] of cases) {
        const res = await call(path, { serialNumber: unit.serialNumber, ...extra });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ serialNumber: unit.serialNumber, command, result });
        expect(unit.received.at(-1)).toMatchObject({ name: command, args: extra });
      }
      await f.row(unit.serialNumber, (row) => {
        expect(row.logLevel).toBe('INFO');
        expect(row.targetType).toBe('AT700');
        expect(row.pendingSoftwareDownload).toBeNull();
      });
    });

    it('renames a unit everywhere when its serial number is reset', async () => {
      answering();
      await call('/cmd/aligner_get_calibration_logs/v1');
      await call('/cmd/aligner_get_screen_shot/v1');
      const newSerial = testSerial('V34');
      const res = await call('/cmd/reset_serial_number/v1', {
        currentSerialNumber: unit.serialNumber,
        newSerialNumber: newSerial,
      });
      expect(res.statusCode, res.body).toBe(200);
      const oldSerial = unit.serialNumber;
      expect(await t.app.fleet.equipment.findBySerial(oldSerial)).toBeUndefined();
      expect(await t.app.fleet.reports.calibrationCount(newSerial)).toBe(1);
      const shots = await read(`/api/v1/get_screen_shots_for_aligner?serialNumber=${newSerial}`);
      expect(shots.json()).toHaveLength(1);
      expect((await read(`/api/v1/get_screen_shots_for_aligner?serialNumber=${oldSerial}`)).statusCode).toBe(404);
      // The unit comes back under its new name with the same credential.
      await unit.disconnect();
      unit.serialNumber = newSerial;
      await unit.connect();
      await f.row(newSerial, (row) => expect(row.connected).toBe(true));
    });

    it('answers 404, 409, 504 and 502 as the protocol says', async () => {
      const unknown = await call('/cmd/aligner_activate/v1', { serialNumber: 'V33CT0000' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('There is no unit with serial number V33CT0000.');

      unit.answer = () => 'silence';
      const timeout = await call('/cmd/aligner_activate/v1');
      expect(timeout.statusCode).toBe(504);
      expect(timeout.json().message).toBe(`Unit ${unit.serialNumber} did not answer activate within 2 s.`);

      unit.answer = () => ({ ok: false, error: 'camera busy' });
      const refused = await call('/cmd/aligner_activate/v1');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(`Unit ${unit.serialNumber} could not do it: camera busy`);

      unit.answer = () => ({ ok: true, result: { port: 'not a number' } });
      const malformed = await call('/cmd/aligner_open_ssh_port/v1');
      expect(malformed.statusCode).toBe(502);
      expect(malformed.json()).toMatchObject({
        error: 'Bad Gateway',
        message: `Unit ${unit.serialNumber} answered open_ssh_port in a form the server cannot use: result.port: Must be a number (got string "not a number").`,
      });

      // A reply whose error is not text: the call fails at once with the unit's fault, not by timeout.
      unit.answer = () => ({ ok: false, error: { code: 7, text: 'camera busy' } });
      const started = Date.now();
      const objectError = await call('/cmd/aligner_activate/v1');
      expect(objectError.statusCode).toBe(502);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(objectError.json().message).toBe(
        `Unit ${unit.serialNumber} answered activate in a form the server cannot use: error: Must be text (got an object).`,
      );
      await vi.waitFor(() =>
        expect(unit.refusals.at(-1)).toMatchObject({
          reason: 'invalid-reply',
          topic: expect.stringContaining(`${unit.serialNumber}/reply`),
          problems: [{ path: 'error', message: 'Must be text (got an object).' }],
          section: 'docs/device-protocol.md#replies',
        }),
      );

      await unit.disconnect();
      await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
      const offline = await call('/cmd/aligner_activate/v1');
      expect(offline.statusCode).toBe(409);
      expect(offline.json().message).toBe(`Unit ${unit.serialNumber} is not connected. Try again when it is online.`);
    });

    it('refuses what the role or the unit may not do, and bad values, with 403 and 400', async () => {
      await t.createUser('sue', 'support');
      const support = (await t.signIn('sue')).access_token;
      const denied = await call('/cmd/aligner_open_ssh_port/v1', { serialNumber: unit.serialNumber }, support);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Your role (support) may not use Open Port.');
      expect(unit.received).toHaveLength(0);

      await unit.report({ version: { semantic: '4.2.0', meta: null } });
      await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('4.2.0'));
      const old = await call('/cmd/aligner_get_screen_shot/v1');
      expect(old.statusCode).toBe(403);
      expect(old.json().message).toBe(
        `Screen Shot is not available on unit ${unit.serialNumber}: Screen Shot needs software 4.3.0 or later and a system class other than DRAGON_HEADLESS on an aligner, 1.0.0 or later on other families; this unit reports aligner software 4.2.0, system class DRAGON, 2 cameras, a DD board.`,
      );
      await unit.report({ version: { semantic: '4.9.2', meta: null } });
      await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('4.9.2'));
      const rcp = await call('/cmd/aligner_rcp/v1');
      expect(rcp.statusCode).toBe(403);
      expect(rcp.json().message).toContain(
        'RCP needs software 5.0.0 or later and a DD board (boardFeatures.isDDAligner true); this unit reports aligner software 4.9.2',
      );

      const level = await call('/cmd/aligner_set_logging_level/v1', {
        serialNumber: unit.serialNumber,
        loggingLevel: 'DEBUG',
      });
      expect(level.statusCode).toBe(400);
      expect(level.json()).toMatchObject({ field: 'loggingLevel', message: expect.stringContaining('WARN or INFO') });
      const target = await call('/cmd/set_target_eol_types/v1', {
        serialNumber: unit.serialNumber,
        targetType: 'AT900',
      });
      expect(target.json()).toMatchObject({ statusCode: 400, field: 'targetType' });
      const serial = await call('/cmd/aligner_activate/v1', { serialNumber: 'short' });
      expect(serial.json()).toMatchObject({ statusCode: 400, field: 'serialNumber' });
      expect(unit.received).toHaveLength(0);
    });
  });
}
