import { calibrationExample, EXAMPLE_INSTANCE, EXAMPLE_SERIAL, PAIRING_ID } from './device-asyncapi-examples.js';
import type { DeviceCommandArgs, DeviceCommandName, DeviceCommandResult } from './device-protocol.js';

/**
 * The examples of each command and its reply in the published device protocol: typed by the
 * contract, and parsed by their zod schemas in device-asyncapi.test.ts.
 */

/** A reply carries the id of its command. */
const COMMAND_ID = '3f2b8c1e-9a4d-4e7b-8c21-5d6f7a8b9c0d';

/** A command's envelope around its arguments, as the server publishes it on `cmd`. */
export const commandEnvelope = (root: string, name: DeviceCommandName, args: unknown) => ({
  id: COMMAND_ID,
  name,
  args,
  expiresAt: '2026-11-28T09:30:10.000Z',
  replyTo: `${root}/${EXAMPLE_SERIAL}/reply/${EXAMPLE_INSTANCE}`,
});
export const replyExamples = (result: unknown, refusal: string) => ({
  done: { id: COMMAND_ID, ok: true as const, result },
  refused: { id: COMMAND_ID, ok: false as const, error: refusal },
});

type CommandExample<C extends DeviceCommandName> = {
  args: DeviceCommandArgs<C>;
  result: DeviceCommandResult<C>;
  /** A realistic refusal: the `error` string of `{ok: false}`. */
  refusal: string;
};
const busy = 'The unit is installing an update; try again when it is done.';
const none = { args: {}, result: {}, refusal: busy };
/** One screen shot: a 1×1 PNG (a real one is up to 4096 × 4096 pixels). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const commandExamples: { [C in DeviceCommandName]: CommandExample<C> } = {
  get_usb_status: { args: {}, result: { status: 'USB 1: camera (left)\nUSB 2: camera (right)' }, refusal: busy },
  get_printer_status: { args: {}, result: { status: 'HP OfficeJet 250: ready' }, refusal: 'No printer is set up.' },
  get_voltages: {
    args: {},
    result: {
      voltages: [{ BoardName: 'DRB-3', Parameters: [{ Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 }] }],
    },
    refusal: busy,
  },
  activate: none,
  get_calibration_logs: { args: {}, result: { calibrations: [calibrationExample] }, refusal: busy },
  get_screen_shot: { args: {}, result: { image: PNG }, refusal: 'The screen is off.' },
  rcp: none,
  open_ssh_port: { args: {}, result: { port: 2222 }, refusal: 'The SSH service is not installed.' },
  close_ssh_port: none,
  end_rcp: none,
  check_now: none,
  download_now: { args: {}, result: {}, refusal: 'no software download is pending' },
  install_now: { args: {}, result: {}, refusal: 'no downloaded update to install' },
  clear_pending_updates: { args: {}, result: {}, refusal: 'an installation is in progress' },
  set_logging_level: { args: { loggingLevel: 'INFO' }, result: {}, refusal: busy },
  set_target_eol_types: { args: { targetType: 'AT700' }, result: {}, refusal: busy },
  reset_serial_number: { args: { newSerialNumber: 'V33CQ0124' }, result: {}, refusal: busy },
  rebirth: { args: { newConnection: true }, result: {}, refusal: busy },
  start_pairing: {
    args: {
      pairingId: PAIRING_ID,
      vendor: 'Acme Shop Systems',
      vendorKey: 'shop-7-bay-3',
      alignmentId: 'WO-2026-11-0042',
    },
    result: {},
    refusal: 'Another pairing is running.',
  },
  abort_pairing: { args: { pairingId: PAIRING_ID, reason: 'The customer left.' }, result: {}, refusal: busy },
  show_message: {
    args: {
      messageId: 12,
      header: 'Spec update available',
      body: 'The November vehicle specs are ready to install.',
      callToAction: 'Open Updates',
      startsAt: '2026-11-28T00:00:00.000Z',
      endsAt: '2026-12-05T23:59:59.000Z',
    },
    result: {},
    refusal: busy,
  },
  show_notification: {
    args: {
      notificationId: 7,
      name: 'Winter service',
      resourcePath: '/notifications/7/winter-service.png',
      mimeType: 'image/png',
      beginsOn: '2026-12-01T00:00:00.000Z',
      endsOn: '2026-12-31T23:59:59.000Z',
    },
    result: {},
    refusal: busy,
  },
  stage: {
    args: {
      version: { semantic: '5.2.0', meta: null },
      url: '/device/v1/packages/42/',
      files: [
        { name: 'aligner-5.2.0.pkg', size: 125_829_120 },
        { name: 'aligner-5.2.0.pkg.sha256', size: 83 },
      ],
    },
    result: {},
    refusal: 'an installation is in progress',
  },
  stage_specs: {
    args: {
      version: { name: 'NA Vehicle Specs', month: 11, year: 2026 },
      url: '/device/v1/spec-packages/9/',
      files: [{ name: 'specs-2026-11.db', size: 48_234_496 }],
    },
    result: {},
    refusal: 'an installation is in progress',
  },
};
