import { randomUUID } from 'node:crypto';
import {
  DEVICE_COMMAND_NAMES,
  cameraCalibrationSchema,
  deviceCommands,
  replyMessageSchema,
  type DeviceCommandName,
  type ReplyMessage,
  type StateMessage,
} from '@ed/contract/device-protocol';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { SimulatedUnit } from './simulated-unit.js';
import { testProfile } from './test-support.js';
import { idleUpdateState, type DeviceState } from './unit-profile.js';

const ARGS: Partial<Record<DeviceCommandName, Record<string, unknown>>> = {
  set_logging_level: { loggingLevel: 'INFO' },
  set_target_eol_types: { targetType: 'AT700' },
  reset_serial_number: { newSerialNumber: 'V34DT0042' },
  start_pairing: { pairingId: randomUUID(), vendor: 'Shop', vendorKey: 'bay-1', alignmentId: 'A-1' },
  abort_pairing: { pairingId: randomUUID(), reason: 'Customer left' },
  show_message: {
    messageId: 1,
    header: 'Header',
    body: 'Body',
    callToAction: 'Go',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-01-02T23:59:59.999Z',
  },
  show_notification: {
    notificationId: 1,
    name: 'Promo',
    resourcePath: '/promo.png',
    mimeType: 'image/png',
    beginsOn: '2026-01-01T00:00:00.000Z',
    endsOn: '2026-01-02T23:59:59.999Z',
  },
  stage_specs: {
    version: { name: 'NA-2031', month: 1, year: 2031 },
    url: '/device/v1/spec-packages/1/',
    files: [{ name: 's.db', size: 1 }],
  },
  stage: {
    version: { semantic: '9.0.0', meta: null },
    url: '/device/v1/packages/1/',
    files: [{ name: 'a.swu', size: 10 }],
  },
};

/** install_now needs something downloaded first. */
const STATES: Partial<Record<DeviceCommandName, Partial<DeviceState>>> = {
  start_pairing: { family: 'gtps' },
  install_now: {
    updateState: {
      ...idleUpdateState('READY_TO_INSTALL'),
      softwareUpdateDownload: { version: { semantic: '5.2.0' } },
    },
  },
};

function setup(state: Partial<DeviceState> = {}) {
  const clock = new FakeClock();
  const unit = new SimulatedUnit(testProfile({}, state), {
    serverUrl: 'http://localhost:1',
    enrollmentKey: 'k',
    clock,
    activity: false,
  });
  const patches: StateMessage[] = [];
  unit.on('state', (patch) => patches.push(patch));
  const send = async (name: string, args: Record<string, unknown> = {}, expiresIn = 10_000, id = randomUUID()) =>
    unit.handleCommand(JSON.stringify({ id, name, args, expiresAt: new Date(clock.now() + expiresIn).toISOString() }));
  return { clock, unit, patches, send };
}

function okResult(reply: ReplyMessage | null): Record<string, unknown> {
  expect(replyMessageSchema.parse(reply)).toEqual(reply);
  if (!reply?.ok) throw new Error(`expected ok, got ${JSON.stringify(reply)}`);
  return reply.result;
}

describe('commands', () => {
  it.each(DEVICE_COMMAND_NAMES)('answers %s with a result its schema accepts', async (name) => {
    const { send } = setup(STATES[name]);
    const result = okResult(await send(name, ARGS[name] ?? {}));
    expect(deviceCommands[name].result.safeParse(result).success).toBe(true);
  });

  it('sends a real 1280×720 PNG screen shot', async () => {
    const { send } = setup();
    const { image } = okResult(await send('get_screen_shot')) as { image: string };
    const png = Buffer.from(image, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1280, height: 720 });
  });

  it('reports voltages of the camera boards and the main board, with limits', async () => {
    const { send } = setup();
    const { voltages } = okResult(await send('get_voltages')) as {
      voltages: { BoardName: string; Parameters: unknown[] }[];
    };
    expect(voltages.map((board) => board.BoardName)).toEqual(['Camera Board Left', 'Camera Board Right', 'Main Board']);
    expect(voltages.every((board) => board.Parameters.length >= 4)).toBe(true);
  });

  it('keeps its calibration history stable and valid', async () => {
    const { send } = setup();
    const first = okResult(await send('get_calibration_logs')) as { calibrations: unknown[] };
    const second = okResult(await send('get_calibration_logs'));
    expect(second).toEqual(first);
    expect(first.calibrations.length).toBeGreaterThanOrEqual(1);
    expect(first.calibrations.length).toBeLessThanOrEqual(3);
    for (const record of first.calibrations) {
      const calibration = cameraCalibrationSchema.parse(record);
      expect(calibration.LeftBoards).toHaveLength(1);
      expect(calibration.RightBoards).toHaveLength(1);
    }
  });

  it('writes multi-line USB and printer reports naming the unit', async () => {
    const { send } = setup();
    for (const name of ['get_usb_status', 'get_printer_status']) {
      const { status } = okResult(await send(name)) as { status: string };
      expect(status.split('\n').length).toBeGreaterThan(2);
      expect(status).toContain('V33CQ0123');
    }
  });

  it('changes and reports its log level and targets', async () => {
    const { send, unit, patches } = setup();
    okResult(await send('set_logging_level', { loggingLevel: 'INFO' }));
    okResult(await send('set_target_eol_types', { targetType: 'AT700' }));
    expect(patches).toEqual([{ logLevel: 'INFO' }, { targetType: 'AT700' }]);
    expect(unit.state).toMatchObject({ logLevel: 'INFO', targetType: 'AT700' });
  });

  it('answers a repeated command id again without acting twice', async () => {
    const { send, patches } = setup();
    const id = randomUUID();
    const first = await send('set_logging_level', { loggingLevel: 'INFO' }, 10_000, id);
    const again = await send('set_logging_level', { loggingLevel: 'INFO' }, 10_000, id);
    expect(again).toEqual(first);
    expect(patches).toHaveLength(1);
  });

  it('drops an expired command and one that is not JSON', async () => {
    const { send, unit, patches } = setup();
    expect(await send('set_logging_level', { loggingLevel: 'INFO' }, -1)).toBeNull();
    expect(await unit.handleCommand('not json')).toBeNull();
    expect(patches).toHaveLength(0);
  });

  it('refuses bad arguments and unknown commands, naming the problem', async () => {
    const { send } = setup();
    const badArgs = await send('set_logging_level', { loggingLevel: 'LOUD' });
    expect(badArgs).toMatchObject({
      ok: false,
      error: expect.stringContaining('invalid arguments for set_logging_level'),
    });
    const unknown = await send('self_destruct');
    expect(unknown).toMatchObject({ ok: false, error: expect.stringContaining('invalid command') });
  });

  it('refuses update commands on software without the updater', async () => {
    const { send } = setup({
      version: { semantic: '4.2.2', meta: null },
      updateState: null,
      pendingSoftwareDownload: null,
    });
    expect(await send('check_now')).toMatchObject({ ok: false, error: 'check_now is not supported by software 4.2.2' });
    expect(await send('reset_serial_number', { newSerialNumber: 'V34DT0042' })).toMatchObject({ ok: false });
  });

  it('takes its new serial number after accepting reset_serial_number', async () => {
    const { send, unit } = setup();
    const renamed: string[][] = [];
    unit.on('renamed', (from, to) => renamed.push([from, to]));
    okResult(await send('reset_serial_number', { newSerialNumber: 'v34dt0042' }));
    expect(unit.serialNumber).toBe('V34DT0042');
    expect(renamed).toEqual([['V33CQ0123', 'V34DT0042']]);
  });

  it('runs the update flow through its commands', async () => {
    const { send, unit, clock } = setup();
    okResult(await send('check_now'));
    expect(unit.state.updateState?.state).toBe('READY_TO_DOWNLOAD');
    okResult(await send('download_now'));
    clock.advance(60_000);
    expect(unit.state.updateState?.state).toBe('READY_TO_INSTALL');
    okResult(await send('install_now'));
    clock.advance(120_000);
    expect(unit.state.updateState?.state).toBe('INSTALLATION_COMPLETE');
    expect(unit.state.version.semantic).toBe('5.2.0');
    expect(await send('download_now')).toMatchObject({ ok: false, error: 'no software download is pending' });
    okResult(await send('clear_pending_updates'));
    expect(unit.state.updateState?.state).toBe('TRY_INSERT_UPDATE');
  });
});
