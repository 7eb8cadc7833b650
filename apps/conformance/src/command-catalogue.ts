import type { DeviceCommandName } from '@ed/contract/device-protocol';

export interface CommandCheck {
  name: DeviceCommandName;
  requirement: string;
}

const row = (name: DeviceCommandName, what: string): CommandCheck => ({
  name,
  requirement: `${name}: answered in time, ${what}`,
});

/**
 * The console's commands the kit sends, one report row each (the staging commands are checked
 * in their own rows too, for what they start). `reset_serial_number`, `start_pairing`,
 * `abort_pairing` and `stage_specs` are not here: see docs/conformance.md, "What is not checked".
 */
export const COMMAND_CHECKS: readonly CommandCheck[] = [
  row('get_usb_status', '{status}'),
  row('get_printer_status', '{status}'),
  row('get_voltages', '{voltages}'),
  row('activate', '{}'),
  row('get_calibration_logs', '{calibrations}'),
  row('get_screen_shot', '{image} a base64 PNG'),
  row('rcp', '{}'),
  row('open_ssh_port', '{port}'),
  row('close_ssh_port', '{}'),
  row('end_rcp', '{}'),
  row('show_message', '{}'),
  row('show_notification', '{}'),
  row('set_logging_level', '{}, then reports its new logLevel'),
  row('set_target_eol_types', '{}'),
  row('check_now', '{}, then reports its updateState'),
  row('rebirth', '{}, then its birth (same seq) and full state (new seq)'),
  row('download_now', '{}'),
  row('install_now', '{}'),
  row('clear_pending_updates', '{}'),
];
