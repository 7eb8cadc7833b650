import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandMessage } from '@ed/contract/device-protocol';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../../support/fleet-fixture.js';
import { sampleCalibration } from '../../support/sample-calibration.js';
import { expectAccepted } from '../../support/spec-client.js';
import { bearer } from '../../support/test-app.js';
import { testSerial, type Answer, type TestUnit } from '../../support/test-unit.js';

/** A unit every gate of part 1 §6 lets through: 5.x, DRAGON, two cameras, a DD board. */
const modernAligner = {
  version: { semantic: '5.1.0', meta: null },
  family: 'aligner' as const,
  systemClass: 'DRAGON',
  logLevel: 'WARN' as const,
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
};

async function answerOf(command: CommandMessage): Promise<Answer> {
  switch (command.name) {
    case 'get_screen_shot': {
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#455a64' } })
        .png()
        .toBuffer();
      return { ok: true, result: { image: png.toString('base64') } };
    }
    case 'get_voltages':
      return { ok: true, result: { voltages: [{ BoardName: 'Main', Parameters: [] }] } };
    case 'get_usb_status':
    case 'get_printer_status':
      return { ok: true, result: { status: 'ok' } };
    case 'get_calibration_logs':
      return { ok: true, result: { calibrations: [sampleCalibration('2026-09-01T08:00:00.000Z')] } };
    case 'open_ssh_port':
      return { ok: true, result: { port: 42022 } };
    default:
      return { ok: true, result: {} };
  }
}

/** Part 1 §7 "Commands": all POST with serialNumber in the body, on a connected unit. */
describe('spec contract: remote commands', () => {
  let f: FleetFixture;
  let unit: TestUnit;
  let token: string;
  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker);
    unit = await f.unit();
    await unit.connect(modernAligner);
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    token = (await f.t.signIn('admin')).access_token;
    unit.answer = (command) => {
      void answerOf(command).then((answer) =>
        unit.publishRaw(
          unit.topics.reply(unit.serialNumber),
          JSON.stringify({ id: command.id, ...(answer as object) }),
        ),
      );
      return 'silence';
    };
  });
  afterAll(() => f.close());

  const send = async (path: string, extra: object = {}) => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: path,
      headers: bearer(token),
      payload: { serialNumber: unit.serialNumber, ...extra },
    });
    expectAccepted(res);
    return res;
  };
  const lastCommand = () => unit.received.at(-1)!;

  it('POST /cmd/aligner_get_usb_status/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_get_usb_status/v1');
    expect(lastCommand().name).toBe('get_usb_status');
  });

  it('POST /cmd/aligner_get_printer_status/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_get_printer_status/v1');
    expect(lastCommand().name).toBe('get_printer_status');
  });

  it('POST /cmd/aligner_get_voltages/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_get_voltages/v1');
    const latest = await f.t.app.inject({
      url: `/api/v1/get_latest_voltages_for_aligner?serialNumber=${unit.serialNumber}`,
      headers: bearer(token),
    });
    expect(latest.json()).toMatchObject({ voltages: [{ BoardName: 'Main' }] });
  });

  it('POST /cmd/aligner_activate/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_activate/v1');
    expect(lastCommand().name).toBe('activate');
  });

  it('POST /cmd/aligner_get_calibration_logs/v1 accepts {serialNumber}', async () => {
    const res = await send('/cmd/aligner_get_calibration_logs/v1');
    expect(res.json().result).toMatchObject({ received: 1 });
    expect(await f.t.app.fleet.reports.calibrationCount(unit.serialNumber)).toBe(1);
  });

  it('POST /cmd/aligner_get_screen_shot/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_get_screen_shot/v1');
    const shots = await f.t.app.inject({
      url: `/api/v1/get_screen_shots_for_aligner?serialNumber=${unit.serialNumber}`,
      headers: bearer(token),
    });
    expect(shots.json()).toHaveLength(1);
  });

  it('POST /cmd/aligner_rcp/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_rcp/v1');
    expect(lastCommand().name).toBe('rcp');
  });

  it('POST /cmd/aligner_open_ssh_port/v1 accepts {serialNumber}', async () => {
    const res = await send('/cmd/aligner_open_ssh_port/v1');
    // The spec's {port}, and when the server closes it again (docs/elevations.md).
    expect(res.json().result).toEqual({ port: 42022, expiresAt: expect.any(String) });
  });

  it('POST /cmd/aligner_check_now/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_check_now/v1');
    expect(lastCommand().name).toBe('check_now');
  });

  it('POST /cmd/aligner_download_now/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_download_now/v1');
    expect(lastCommand().name).toBe('download_now');
  });

  it('POST /cmd/aligner_install_now/v1 accepts {serialNumber}', async () => {
    await send('/cmd/aligner_install_now/v1');
    expect(lastCommand().name).toBe('install_now');
  });

  it('POST /cmd/clear_pending_updates/v1 accepts {serialNumber}', async () => {
    await unit.report({ pendingSoftwareDownload: '5.2.0' });
    await f.row(unit.serialNumber, (row) => expect(row.pendingSoftwareDownload).toBe('5.2.0'));
    await send('/cmd/clear_pending_updates/v1');
    expect(lastCommand().name).toBe('clear_pending_updates');
    await f.row(unit.serialNumber, (row) => expect(row.pendingSoftwareDownload).toBeNull());
  });

  it('POST /cmd/aligner_set_logging_level/v1 accepts {serialNumber, loggingLevel}', async () => {
    await send('/cmd/aligner_set_logging_level/v1', { loggingLevel: 'INFO' });
    expect(lastCommand()).toMatchObject({ name: 'set_logging_level', args: { loggingLevel: 'INFO' } });
    await f.row(unit.serialNumber, (row) => expect(row.logLevel).toBe('INFO'));
  });

  it('POST /cmd/set_target_eol_types/v1 accepts {serialNumber, targetType}', async () => {
    await send('/cmd/set_target_eol_types/v1', { targetType: 'AT700' });
    await f.row(unit.serialNumber, (row) => expect(row.targetType).toBe('AT700'));
  });

  it('POST /cmd/reset_serial_number/v1 accepts {currentSerialNumber, newSerialNumber}', async () => {
    const newSerialNumber = testSerial('V34');
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/cmd/reset_serial_number/v1',
      headers: bearer(token),
      payload: { currentSerialNumber: unit.serialNumber, newSerialNumber },
    });
    expectAccepted(res);
    expect(lastCommand()).toMatchObject({ name: 'reset_serial_number', args: { newSerialNumber } });
    expect(await f.t.app.fleet.equipment.findBySerial(newSerialNumber)).toBeDefined();
  });
});
