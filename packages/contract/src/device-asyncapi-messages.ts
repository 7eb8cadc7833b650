import {
  calibrationExample,
  errorExample,
  pairingExamples,
  stateExamples,
  statusExamples,
} from './device-asyncapi-examples.js';
import { commandEnvelope, commandExamples, replyExamples } from './device-asyncapi-command-examples.js';
import { DEVICE_COMMAND_NAMES, type DeviceCommandName } from './device-protocol.js';
import { DEVICE_SCHEMAS, pascalCase, type NamedSchema } from './device-json-schemas.js';

/**
 * The messages of the published device protocol (device-asyncapi.ts): each names its payload
 * schema (device-json-schemas.ts) and carries examples that the tests parse with that schema.
 */
export interface ProtocolMessage {
  /** Its key under `components.messages` and in its channels. */
  key: string;
  /** The published schema of its payload. */
  payload: NamedSchema;
  title: string;
  summary: string;
  description?: string;
  examples: { name: string; summary: string; payload: unknown }[];
  /** A command and its reply carry the same `id`. */
  correlated?: boolean;
}

/** What each command asks of the unit (docs/device-protocol.md, "Commands"). */
const COMMAND_SUMMARIES: Record<DeviceCommandName, string> = {
  get_usb_status: 'Report the USB devices, as multi-line text.',
  get_printer_status: 'Report the printer, as text.',
  get_voltages: 'Report the voltages of every board.',
  activate: 'Activate the unit.',
  get_calibration_logs: 'Answer with every camera calibration record the unit holds.',
  get_screen_shot: 'Answer with a PNG of the screen, base64 (at most 4096 × 4096 pixels).',
  rcp: 'Start a remote control (RCP) session.',
  open_ssh_port: 'Open the SSH port and answer with its number.',
  close_ssh_port: 'Close the port `open_ssh_port` opened.',
  end_rcp: 'End the RCP session.',
  check_now: 'Check for updates, then report the update state.',
  download_now: 'Start downloading the pending update now.',
  install_now: 'Install the downloaded update now.',
  clear_pending_updates: 'Clear the pending download (refused while installing).',
  set_logging_level: 'Set the logging level, then report the new `logLevel`.',
  set_target_eol_types: 'Set the end-of-line target type.',
  reset_serial_number: 'Take a new serial number: reconnect under it with the same token once answered.',
  rebirth:
    'Publish the birth and the full state again, each with a new `seq`; with `newConnection`, first ' +
    'disconnect and connect anew under a new sequence (and a new will).',
  start_pairing: 'A vendor paired an alignment with this Tru-Point: run the calibrations and report them on `pairing`.',
  abort_pairing: 'The vendor aborted the pairing: stop its calibrations.',
  show_message: 'Show an on-device message until `endsAt`; a repeat replaces it.',
  show_notification: 'Fetch `resourcePath` and show it until `endsOn`.',
  stage:
    'The server staged an update: make it the pending download, report READY_TO_DOWNLOAD and fetch ' +
    '`<url><file>` for each file with HTTP Basic (serial number, device token), checking each `.sha256`.',
  stage_specs: 'A spec release: fetched like a software package, then installed; report `specs` after.',
};

const schemaNamed = (name: string): NamedSchema => {
  const found = DEVICE_SCHEMAS.find((s) => s.name === name);
  if (!found) throw new Error(`no published schema ${name}`);
  return found;
};

const camel = (name: string) => pascalCase(name).replace(/^./, (c) => c.toLowerCase());

export const commandMessageKey = (name: DeviceCommandName) => `${camel(name)}Command`;
export const replyMessageKey = (name: DeviceCommandName) => `${camel(name)}Reply`;

/** The messages of each channel's kind, with the deployment's root in the examples. */
export function protocolMessages(root: string) {
  const status: ProtocolMessage = {
    key: 'status',
    payload: schemaNamed('status'),
    title: 'Birth, heartbeat, death and last will',
    summary: 'Whether the unit is connected, with the sequence of its connection.',
    examples: statusExamples,
  };
  const state: ProtocolMessage = {
    key: 'state',
    payload: schemaNamed('state'),
    title: 'State report',
    summary: 'Any subset of the state of the unit, merged into its record; unknown fields refuse the whole report.',
    examples: stateExamples,
  };
  const pairing: ProtocolMessage = {
    key: 'pairing',
    payload: schemaNamed('pairing'),
    title: 'Vendor pairing report (Tru-Point)',
    summary: 'One calibration of a vendor pairing, its completion, or its abort.',
    examples: pairingExamples,
  };
  const calibration: ProtocolMessage = {
    key: 'calibration',
    payload: schemaNamed('calibration'),
    title: 'Camera calibration upload',
    summary: 'One camera calibration record the unit has just run; uploading it again stores nothing twice.',
    examples: [{ name: 'calibration', summary: 'Two boards, calibrated', payload: calibrationExample }],
  };
  const error: ProtocolMessage = {
    key: 'refusal',
    payload: schemaNamed('error'),
    title: 'Refusal',
    summary: 'The server refused a message of this unit, and says why and where the rule is written.',
    examples: [
      { name: 'invalidState', summary: 'A state report with a string for `updateState`', payload: errorExample(root) },
    ],
  };
  const commands = DEVICE_COMMAND_NAMES.map((name): ProtocolMessage => ({
    key: commandMessageKey(name),
    payload: schemaNamed(`command-${name}`),
    title: `Command ${name}`,
    summary: COMMAND_SUMMARIES[name],
    correlated: true,
    examples: [
      { name, summary: `The ${name} command`, payload: commandEnvelope(root, name, commandExamples[name].args) },
    ],
  }));
  const replies = DEVICE_COMMAND_NAMES.map((name): ProtocolMessage => {
    const { done, refused } = replyExamples(commandExamples[name].result, commandExamples[name].refusal);
    return {
      key: replyMessageKey(name),
      payload: schemaNamed(`reply-${name}`),
      title: `Reply to ${name}`,
      summary: `The result of ${name}, or why the unit did not do it (\`error\`: a string of at most 1024 characters).`,
      correlated: true,
      examples: [
        { name: 'done', summary: 'Done', payload: done },
        { name: 'refused', summary: 'Refused', payload: refused },
      ],
    };
  });
  return { status, state, pairing, calibration, error, commands, replies };
}

export type ProtocolMessages = ReturnType<typeof protocolMessages>;
