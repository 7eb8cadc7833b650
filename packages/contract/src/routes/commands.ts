import type { z } from 'zod';
import {
  COMMAND_ROUTES,
  type CommandRoute,
  commandRequestSchema,
  commandResponseOf,
  elevatingCommandRequestSchema,
  resetSerialRequestSchema,
  setLoggingLevelRequestSchema,
  setTargetTypeRequestSchema,
} from '../commands.js';
import { defineRoutes, type HandlerRules } from '../http-api.js';
import { CONTROLS, type ControlRule } from '../permissions.js';

const description =
  'Sends the command to the unit and waits for its answer: 404 unknown unit, 409 not connected, ' +
  '504 no answer in time, 502 the unit refused.';

type CommandDef = (typeof COMMAND_ROUTES)[number];
type CommandName = CommandDef['command'];

/**
 * The role a command's control needs (CONTROLS), as the rule its handler checks: every call,
 * once the unit is found. Named by the control (openPort, rcp, resetSerial, changeTargets,
 * clearUpdates).
 */
function roleRuleOf(def: CommandRoute): HandlerRules | undefined {
  if (def.control === undefined) return undefined;
  const { permission } = CONTROLS[def.control] as ControlRule;
  if (permission === undefined) return undefined;
  const when = 'every call, once the unit is found (an unknown serial number answers 404 first)';
  return { [def.control]: { permission, when } };
}

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
    handlerRules: roleRuleOf(def),
    summary: `${def.label}: send ${def.command} to a unit`,
    description,
    body: (body ?? commandRequestSchema) as B,
    ok: { 200: commandResponseOf(def.command) },
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
  activateUnit: commandCall('activate'),
  getCalibrationLogs: commandCall('get_calibration_logs'),
  takeScreenShot: commandCall('get_screen_shot'),
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
