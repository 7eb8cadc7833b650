import type { z } from 'zod';
import {
  COMMAND_ROUTES,
  commandRequestSchema,
  commandResponseSchema,
  elevatingCommandRequestSchema,
  resetSerialRequestSchema,
  setLoggingLevelRequestSchema,
  setTargetTypeRequestSchema,
} from '../commands.js';
import { defineRoutes } from '../http-api.js';

const description =
  'Sends the command to the unit and waits for its answer: 404 unknown unit, 409 not connected, ' +
  '504 no answer in time, 502 the unit refused.';

type CommandDef = (typeof COMMAND_ROUTES)[number];
type CommandName = CommandDef['command'];

/**
 * The call of one command of COMMAND_ROUTES, with the body it takes (a serial number unless
 * said). The entry keeps the command's name, label and control, so it is also the CommandRoute
 * the server runs.
 */
function commandCall<C extends CommandName, B extends z.ZodType = typeof commandRequestSchema>(command: C, body?: B) {
  const def = COMMAND_ROUTES.find((route) => route.command === command) as Extract<CommandDef, { command: C }>;
  return {
    ...def,
    method: 'POST',
    tag: 'commands',
    access: 'signedIn',
    summary: `${def.label}: send ${def.command} to a unit`,
    description,
    body: (body ?? commandRequestSchema) as B,
    ok: { 200: commandResponseSchema },
    errors: [400, 401, 403, 404, 409, 502, 503, 504],
  } as const;
}

/**
 * The 15 remote commands of part 1 §7, each a round trip to the unit; beyond the spec, Close Port
 * and End RCP end an elevation before its time.
 */
export const commandRoutes = defineRoutes({
  getUsbStatus: commandCall('get_usb_status'),
  getPrinterStatus: commandCall('get_printer_status'),
  getVoltages: commandCall('get_voltages'),
  activate: commandCall('activate'),
  getCalibrationLogs: commandCall('get_calibration_logs'),
  getScreenShot: commandCall('get_screen_shot'),
  rcp: commandCall('rcp', elevatingCommandRequestSchema),
  openSshPort: commandCall('open_ssh_port', elevatingCommandRequestSchema),
  closeSshPort: commandCall('close_ssh_port'),
  endRcp: commandCall('end_rcp'),
  checkNow: commandCall('check_now'),
  downloadNow: commandCall('download_now'),
  installNow: commandCall('install_now'),
  clearPendingUpdates: commandCall('clear_pending_updates'),
  setLoggingLevel: commandCall('set_logging_level', setLoggingLevelRequestSchema),
  setTargetEolTypes: commandCall('set_target_eol_types', setTargetTypeRequestSchema),
  resetSerialNumber: commandCall('reset_serial_number', resetSerialRequestSchema),
});

/** A command's call, by the command's name. */
export type CommandCall = (typeof commandRoutes)[keyof typeof commandRoutes];
export const commandCallOf = <C extends CommandName>(command: C) =>
  Object.values(commandRoutes).find((route) => route.command === command) as Extract<CommandCall, { command: C }>;
