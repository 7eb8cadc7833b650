import { z } from 'zod';
import { LOG_LEVELS, TARGET_TYPES } from './constants.js';
import { serialNumberSchema, voltageBoardSchema, type DeviceCommandName } from './device-protocol.js';
import { elevationDurationSchema } from './elevations.js';
import { chosen } from './form-inputs.js';
import type { Control } from './permissions.js';

/** The console's command calls (part 1 §7) and the unit command each one sends. */
export interface CommandRoute {
  path: string;
  command: DeviceCommandName;
  /** The button's name, for messages. */
  label: string;
  /** The equipment-detail gate the server enforces; none for calls the spec leaves open. */
  control?: Control;
}

export const COMMAND_ROUTES = [
  { path: '/cmd/aligner_get_usb_status/v1', command: 'get_usb_status', label: 'USB' },
  { path: '/cmd/aligner_get_printer_status/v1', command: 'get_printer_status', label: 'Printer' },
  { path: '/cmd/aligner_get_voltages/v1', command: 'get_voltages', label: 'Voltages' },
  { path: '/cmd/aligner_activate/v1', command: 'activate', label: 'Activate', control: 'activate' },
  { path: '/cmd/aligner_get_calibration_logs/v1', command: 'get_calibration_logs', label: 'Calibration Logs' },
  { path: '/cmd/aligner_get_screen_shot/v1', command: 'get_screen_shot', label: 'Screen Shot', control: 'screenShot' },
  { path: '/cmd/aligner_rcp/v1', command: 'rcp', label: 'RCP', control: 'rcp' },
  { path: '/cmd/aligner_open_ssh_port/v1', command: 'open_ssh_port', label: 'Open Port', control: 'openPort' },
  // Beyond the spec: an open port or an RCP session ended before its time (docs/elevations.md).
  { path: '/cmd/aligner_close_ssh_port/v1', command: 'close_ssh_port', label: 'Close Port', control: 'openPort' },
  { path: '/cmd/aligner_end_rcp/v1', command: 'end_rcp', label: 'End RCP', control: 'rcp' },
  { path: '/cmd/aligner_check_now/v1', command: 'check_now', label: 'Check Cloud', control: 'updateCommands' },
  {
    path: '/cmd/aligner_download_now/v1',
    command: 'download_now',
    label: 'Download Updates',
    control: 'updateCommands',
  },
  { path: '/cmd/aligner_install_now/v1', command: 'install_now', label: 'Install Updates', control: 'updateCommands' },
  {
    path: '/cmd/clear_pending_updates/v1',
    command: 'clear_pending_updates',
    label: 'Clear Updates',
    control: 'clearUpdates',
  },
  {
    path: '/cmd/aligner_set_logging_level/v1',
    command: 'set_logging_level',
    label: 'Logging Level',
    control: 'loggingLevel',
  },
  {
    path: '/cmd/set_target_eol_types/v1',
    command: 'set_target_eol_types',
    label: 'Change Targets',
    control: 'changeTargets',
  },
  {
    path: '/cmd/reset_serial_number/v1',
    command: 'reset_serial_number',
    label: 'Reset Serial',
    control: 'resetSerial',
  },
] as const satisfies readonly CommandRoute[];

export const commandRequestSchema = z.object({ serialNumber: serialNumberSchema });
/**
 * RCP and Open Port, and Logging Level raised to INFO, last a while (beyond the spec:
 * `durationMinutes`, 15, 60 or 240, default 60); then the server reverts them (docs/elevations.md).
 */
export const elevatingCommandRequestSchema = commandRequestSchema.extend({
  durationMinutes: elevationDurationSchema.optional(),
});
export const setLoggingLevelRequestSchema = z.object({
  serialNumber: serialNumberSchema,
  loggingLevel: z.enum(LOG_LEVELS, { error: 'loggingLevel must be WARN or INFO' }),
  durationMinutes: elevationDurationSchema.optional(),
});
export const setTargetTypeRequestSchema = z.object({
  serialNumber: serialNumberSchema,
  targetType: z.enum(TARGET_TYPES, { error: 'targetType must be AT200 or AT700' }),
});
export const resetSerialRequestSchema = z.object({
  currentSerialNumber: serialNumberSchema,
  newSerialNumber: serialNumberSchema,
});

/** Change Target Type's form: a type is chosen before Change is offered (part 1 §5). */
export const targetTypeFormSchema = z.object({
  targetType: chosen(setTargetTypeRequestSchema.shape.targetType, 'targetType must be AT200 or AT700'),
});
/** Reset Serial's form: the new serial; the current one is the unit's. */
export const resetSerialFormSchema = resetSerialRequestSchema.pick({ newSerialNumber: true });

/** Every command call answers with what the unit did, in the command's own terms. */
export interface CommandResponse {
  serialNumber: string;
  command: string;
  result: Record<string, unknown>;
}

/** When an elevation the command raised ends (RCP, Open Port, INFO logging). */
const elevated = { expiresAt: z.iso.datetime().optional() };
/** When the console stored the report. */
const stored = { createdAt: z.iso.datetime() };

/**
 * What each command call answers as `result`: the unit's result as the console kept it (a
 * report's time, a screen shot's id, a calibration count), with an elevation's end where one was
 * raised. Loose objects: a unit may add fields the console passes on.
 */
const COMMAND_CALL_RESULTS = {
  get_usb_status: z.looseObject({ status: z.string(), ...stored }),
  get_printer_status: z.looseObject({ status: z.string(), ...stored }),
  get_voltages: z.looseObject({ voltages: z.array(voltageBoardSchema), ...stored }),
  activate: z.looseObject({}),
  get_calibration_logs: z.looseObject({ received: z.number().int(), stored: z.number().int() }),
  get_screen_shot: z.looseObject({ id: z.number().int(), ...stored }),
  rcp: z.looseObject({ ...elevated }),
  open_ssh_port: z.looseObject({ port: z.number().int(), ...elevated }),
  close_ssh_port: z.looseObject({}),
  end_rcp: z.looseObject({}),
  check_now: z.looseObject({}),
  download_now: z.looseObject({}),
  install_now: z.looseObject({}),
  clear_pending_updates: z.looseObject({}),
  set_logging_level: z.looseObject({ logLevel: z.enum(LOG_LEVELS), ...elevated }),
  set_target_eol_types: z.looseObject({ targetType: z.enum(TARGET_TYPES) }),
  reset_serial_number: z.looseObject({ serialNumber: z.string() }),
} satisfies Partial<Record<DeviceCommandName, z.ZodType>>;
export type CommandCallName = keyof typeof COMMAND_CALL_RESULTS;

/** The answer of one command's call: its name and its typed result. */
export const commandResponseOf = <C extends CommandCallName>(command: C) =>
  z.object({ serialNumber: z.string(), command: z.literal(command), result: COMMAND_CALL_RESULTS[command] });

export const serialNumberQuerySchema = z.object({ serialNumber: serialNumberSchema });

/** Screen shots are part of the equipment record (part 1 §3); kept importable from here. */
export { screenShotSchema, type ScreenShot } from './equipment.js';

export const voltageReportSchema = z
  .object({ voltages: z.array(voltageBoardSchema), createdAt: z.iso.datetime() })
  .nullable();
export const statusReportSchema = z.object({ status: z.string(), createdAt: z.iso.datetime() }).nullable();
