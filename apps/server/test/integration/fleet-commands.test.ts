import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandMessage } from '@ed/contract/device-protocol';
import type { ApiRoute } from '@ed/contract/http-api';
import { commandRoutes } from '@ed/contract/routes/commands';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { brokerUnderTest, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, injectRoute, type RouteBody, type RouteQuery } from '../support/inject-route.js';
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
    const call = <R extends ApiRoute>(route: R, body?: RouteBody<R>, auth = token) =>
      injectBody(t.app, route, body ?? ({ serialNumber: unit.serialNumber } as RouteBody<R>), bearer(auth));
    const read = <R extends ApiRoute>(route: R, query?: RouteQuery<R>) =>
      injectQuery(t.app, route, query, bearer(token));
    /** The address an answer gives (an image's download): its point is that URL. */
    const download = (url: string) => t.app.inject({ url, headers: bearer(token) });
    /** A value the contract's types refuse, as a client that ignores them sends it. */
    const malformed = (route: ApiRoute, payload: Record<string, unknown>) =>
      t.app.inject({ method: route.method, url: route.path, headers: bearer(token), payload });
    const shotsOf = (serialNumber: string) => read(reportsRoutes.getScreenShots, { serialNumber });

    it('takes a screen shot, stores it with a 96×54 thumbnail, lists, downloads and deletes it', async () => {
      answering();
      const res = await call(commandRoutes.takeScreenShot);
      expect(res.statusCode, res.body).toBe(200);
      expect(unit.received.at(-1)!.name).toBe('get_screen_shot');
      const list = (await shotsOf(unit.serialNumber)).json();
      expect(list).toHaveLength(1);
      const thumb = Buffer.from(list[0]!.thumbnail.split(',')[1]!, 'base64');
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'png', width: 96, height: 54 });
      const image = await download(list[0]!.image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^attachment/);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
      const del = await injectRoute(t.app, reportsRoutes.deleteScreenShot, {
        query: { id: list[0]!.id },
        headers: bearer(token),
      });
      expect(del.statusCode).toBe(200);
      expect((await shotsOf(unit.serialNumber)).json()).toEqual([]);
      expect((await download(list[0]!.image)).statusCode).toBe(404);
    });

    it('stores voltage, USB and printer reports for the latest-report reads', async () => {
      const query = { serialNumber: unit.serialNumber };
      const latest = {
        voltages: () => read(reportsRoutes.getLatestVoltages, query),
        usb: () => read(reportsRoutes.getLatestUsbStatus, query),
        printer: () => read(reportsRoutes.getLatestPrinterStatus, query),
      };
      for (const read of Object.values(latest)) {
        expect((await read()).json()).toBeNull();
      }
      answering();
      for (const route of [commandRoutes.getVoltages, commandRoutes.getUsbStatus, commandRoutes.getPrinterStatus]) {
        expect((await call(route)).statusCode).toBe(200);
      }
      expect((await latest.voltages()).json()).toMatchObject({
        voltages: [{ BoardName: 'Main Board', Parameters: [{ Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 }] }],
        createdAt: expect.any(String),
      });
      expect((await latest.usb()).json()?.status).toContain('Camera Right');
      expect((await latest.printer()).json()?.status.split('\n')).toEqual(['Printer: HP LaserJet', 'State: idle']);
    });

    it('keeps calibration records once, however often they are fetched', async () => {
      answering();
      const first = await call(commandRoutes.getCalibrationLogs);
      expect(first.json().result).toEqual({ received: 1, stored: 1 });
      const again = await call(commandRoutes.getCalibrationLogs);
      expect(again.json().result).toEqual({ received: 1, stored: 0 });
      expect(await t.app.fleet.reports.calibrationCount(unit.serialNumber)).toBe(1);
    });

    it('round-trips every other command and keeps its effect', async () => {
      answering();
      // Open Port, RCP and INFO last a while: the answer also says when the server reverts them.
      const until = { expiresAt: expect.any(String) as unknown };
      const cases: [ApiRoute, Record<string, unknown>, string, Record<string, unknown>][] = [
        [commandRoutes.openSshPort, {}, 'open_ssh_port', { port: 42022, ...until }],
        [commandRoutes.activateUnit, {}, 'activate', {}],
        [commandRoutes.rcp, {}, 'rcp', until],
        [commandRoutes.checkNow, {}, 'check_now', {}],
        [commandRoutes.downloadNow, {}, 'download_now', {}],
        [commandRoutes.installNow, {}, 'install_now', {}],
        [commandRoutes.clearPendingUpdates, {}, 'clear_pending_updates', {}],
        [commandRoutes.setLoggingLevel, { loggingLevel: 'INFO' }, 'set_logging_level', { logLevel: 'INFO', ...until }],
        [commandRoutes.setTargetEolTypes, { targetType: 'AT700' }, 'set_target_eol_types', { targetType: 'AT700' }],
      ];
      for (const [route, extra, command, result] of cases) {
        const res = await call(route, { serialNumber: unit.serialNumber, ...extra } as never);
        expect(res.statusCode, `${route.path}: ${res.body}`).toBe(200);
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
      await call(commandRoutes.getCalibrationLogs);
      await call(commandRoutes.takeScreenShot);
      const newSerial = testSerial('V34');
      const res = await call(commandRoutes.resetSerialNumber, {
        currentSerialNumber: unit.serialNumber,
        newSerialNumber: newSerial,
      });
      expect(res.statusCode, res.body).toBe(200);
      const oldSerial = unit.serialNumber;
      expect(await t.app.fleet.equipment.findBySerial(oldSerial)).toBeUndefined();
      expect(await t.app.fleet.reports.calibrationCount(newSerial)).toBe(1);
      const shots = await shotsOf(newSerial);
      expect(shots.json()).toHaveLength(1);
      expect((await shotsOf(oldSerial)).statusCode).toBe(404);
      // The unit comes back under its new name with the same credential.
      await unit.disconnect();
      unit.serialNumber = newSerial;
      await unit.connect();
      await f.row(newSerial, (row) => expect(row.connected).toBe(true));
    });

    it('answers 404, 409, 504 and 502 as the protocol says', async () => {
      const unknown = await call(commandRoutes.activateUnit, { serialNumber: 'V33CT0000' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'There is no unit with serial number V33CT0000.' });

      unit.answer = () => 'silence';
      const timeout = await call(commandRoutes.activateUnit);
      expect(timeout.statusCode).toBe(504);
      expect(timeout.json()).toMatchObject({
        message: `Unit ${unit.serialNumber} did not answer activate within 2 s.`,
      });

      unit.answer = () => ({ ok: false, error: 'camera busy' });
      const refused = await call(commandRoutes.activateUnit);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ message: `Unit ${unit.serialNumber} could not do it: camera busy` });

      unit.answer = () => ({ ok: true, result: { port: 'not a number' } });
      const malformed = await call(commandRoutes.openSshPort);
      expect(malformed.statusCode).toBe(502);
      expect(malformed.json()).toMatchObject({
        error: 'Bad Gateway',
        message: `Unit ${unit.serialNumber} answered open_ssh_port in a form the server cannot use: result.port: Must be a number (got string "not a number").`,
      });

      // A reply whose error is not text: the call fails at once with the unit's fault, not by timeout.
      unit.answer = () => ({ ok: false, error: { code: 7, text: 'camera busy' } });
      const started = Date.now();
      const objectError = await call(commandRoutes.activateUnit);
      expect(objectError.statusCode).toBe(502);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(objectError.json()).toMatchObject({
        message: `Unit ${unit.serialNumber} answered activate in a form the server cannot use: error: Must be text (got an object).`,
      });
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
      const offline = await call(commandRoutes.activateUnit);
      expect(offline.statusCode).toBe(409);
      expect(offline.json()).toMatchObject({
        message: `Unit ${unit.serialNumber} is not connected. Try again when it is online.`,
      });
    });

    it('refuses what the role or the unit may not do, and bad values, with 403 and 400', async () => {
      await t.createUser('sue', 'support');
      const support = (await t.signIn('sue')).access_token;
      const denied = await call(commandRoutes.openSshPort, { serialNumber: unit.serialNumber }, support);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ message: 'Your role (support) may not use Open Port.' });
      expect(unit.received).toHaveLength(0);

      await unit.report({ version: { semantic: '4.2.0', meta: null } });
      await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('4.2.0'));
      const old = await call(commandRoutes.takeScreenShot);
      expect(old.statusCode).toBe(403);
      expect(old.json()).toMatchObject({
        message: `Screen Shot is not available on unit ${unit.serialNumber}: Screen Shot needs software 4.3.0 or later and a system class other than DRAGON_HEADLESS on an aligner, 1.0.0 or later on other families; this unit reports aligner software 4.2.0, system class DRAGON, 2 cameras, a DD board.`,
      });
      await unit.report({ version: { semantic: '4.9.2', meta: null } });
      await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('4.9.2'));
      const rcp = await call(commandRoutes.rcp);
      expect(rcp.statusCode).toBe(403);
      expect(rcp.json()).toMatchObject({
        message: expect.stringContaining(
          'RCP needs software 5.0.0 or later and a DD board (boardFeatures.isDDAligner true); this unit reports aligner software 4.9.2',
        ),
      });

      const level = await malformed(commandRoutes.setLoggingLevel, {
        serialNumber: unit.serialNumber,
        loggingLevel: 'DEBUG',
      });
      expect(level.statusCode).toBe(400);
      expect(level.json()).toMatchObject({ field: 'loggingLevel', message: expect.stringContaining('WARN or INFO') });
      const target = await malformed(commandRoutes.setTargetEolTypes, {
        serialNumber: unit.serialNumber,
        targetType: 'AT900',
      });
      expect(target.json()).toMatchObject({ statusCode: 400, field: 'targetType' });
      const serial = await call(commandRoutes.activateUnit, { serialNumber: 'short' });
      expect(serial.json()).toMatchObject({ statusCode: 400, field: 'serialNumber' });
      expect(unit.received).toHaveLength(0);
    });
  });
}
