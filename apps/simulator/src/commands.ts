import type {
  DeviceCommandArgs,
  DeviceCommandName,
  DeviceCommandResult,
  StateMessage,
} from '@ed/contract/device-protocol';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import { FAMILY_LABELS } from '@ed/contract/families';
import type { Clock } from './clock.js';
import type { Inbox } from './inbox.js';
import { supportsRemoteUpdate, supportsSerialReset } from './catalog.js';
import { Prng } from './prng.js';
import { calibrationLogs } from './reports/calibration.js';
import { renderScreenShot } from './reports/screen-shot.js';
import { printerStatusReport, usbStatusReport } from './reports/status-reports.js';
import { pickWeakRail, voltageReport } from './reports/voltages.js';
import type { DeviceState } from './unit-profile.js';
import type { PairingFlow } from './pairing-flow.js';
import type { UpdateFlow } from './update-flow.js';

/** What a command can see and do on its unit. */
export interface CommandTarget {
  readonly serialNumber: string;
  readonly state: DeviceState;
  readonly seed: number;
  readonly clock: Clock;
  readonly updates: UpdateFlow;
  readonly pairings: PairingFlow;
  /** A fresh random stream for one report, so reports differ from call to call but replay with the seed. */
  nextReportPrng(): Prng;
  apply(patch: StateMessage): void;
  /** Reconnects under the new serial number once the reply has gone out. */
  requestRename(newSerialNumber: string): void;
  /** Announces itself again once the reply has gone out; on a new connection if asked. */
  requestRebirth(newConnection: boolean): void;
  /** Notes a `stage` command it took, for its truth (unit-truth.ts). */
  recordStage(version: string): void;
  /** Messages and notifications the unit was sent to show. */
  readonly inbox: Inbox;
}

type Handler<C extends DeviceCommandName> = (
  target: CommandTarget,
  args: DeviceCommandArgs<C>,
) => DeviceCommandResult<C> | Promise<DeviceCommandResult<C>>;

const UPDATE_COMMANDS = new Set<DeviceCommandName>([
  'check_now',
  'download_now',
  'install_now',
  'clear_pending_updates',
]);

/** Refuses what the unit's software cannot do, the way old firmware answers an unknown request. */
export function unsupportedReason(name: DeviceCommandName, state: DeviceState): string | null {
  const version = state.version.semantic;
  if (UPDATE_COMMANDS.has(name) && !supportsRemoteUpdate(state.family, version)) {
    return `${name} is not supported by software ${version}`;
  }
  if (name === 'reset_serial_number' && !supportsSerialReset(state.family, version)) {
    return `${name} is not supported by software ${version}`;
  }
  return null;
}

export function builtAt(serialNumber: string): Date {
  const decoded = decodeSerialNumber(serialNumber);
  return new Date(Date.UTC(decoded?.buildYear ?? 2020, (decoded?.buildMonth ?? 1) - 1, 15));
}

function screenTitle(target: CommandTarget): string {
  const decoded = decodeSerialNumber(target.serialNumber);
  return decoded ? `${decoded.brand} ${decoded.marketingName}` : FAMILY_LABELS[target.state.family];
}

export const commandHandlers: { [C in DeviceCommandName]: Handler<C> } = {
  get_usb_status: (t) => ({
    status: usbStatusReport(
      t.nextReportPrng(),
      t.serialNumber,
      t.state.family,
      t.state.boardFeatures.numCameras,
      new Date(t.clock.now()),
    ),
  }),
  get_printer_status: (t) => ({
    status: printerStatusReport(t.nextReportPrng(), t.serialNumber, t.state.family, new Date(t.clock.now())),
  }),
  get_voltages: (t) => {
    const cameras = t.state.boardFeatures.numCameras;
    return { voltages: voltageReport(t.nextReportPrng(), cameras, pickWeakRail(Prng.derive(t.seed, 5), cameras)) };
  },
  get_calibration_logs: (t) => ({
    calibrations: calibrationLogs(
      t.seed,
      t.state.boardFeatures.numCameras,
      builtAt(t.serialNumber),
      new Date(t.clock.now()),
    ),
  }),
  get_screen_shot: async (t) => {
    const png = await renderScreenShot(
      {
        title: screenTitle(t),
        serialNumber: t.serialNumber,
        version: t.state.version.semantic,
        specs: t.state.specs?.name ?? 'unknown',
        targetType: t.state.targetType ?? 'N/A',
        procedure: t.state.currentProcedure,
        alignmentCount: t.state.alignmentCount,
        now: new Date(t.clock.now()),
      },
      t.nextReportPrng(),
    );
    return { image: png.toString('base64') };
  },
  activate: () => ({}),
  rcp: () => ({}),
  open_ssh_port: (t) => ({ port: t.nextReportPrng().int(20_000, 29_999) }),
  // The simulated unit opens no real port or session, so there is nothing to close: it acknowledges.
  close_ssh_port: () => ({}),
  end_rcp: () => ({}),
  check_now: (t) => {
    t.updates.checkNow();
    return {};
  },
  download_now: (t) => {
    t.updates.downloadNow();
    return {};
  },
  install_now: (t) => {
    t.updates.installNow();
    return {};
  },
  clear_pending_updates: (t) => {
    t.updates.clearPending();
    return {};
  },
  set_logging_level: (t, args) => {
    t.apply({ logLevel: args.loggingLevel });
    return {};
  },
  set_target_eol_types: (t, args) => {
    t.apply({ targetType: args.targetType });
    return {};
  },
  stage: (t, args) => {
    t.recordStage(args.version.semantic);
    t.updates.stage(args);
    return {};
  },
  stage_specs: (t, args) => {
    t.updates.specs.stage(args);
    return {};
  },
  rebirth: (t, args) => {
    t.requestRebirth(args.newConnection ?? false);
    return {};
  },
  reset_serial_number: (t, args) => {
    if (args.newSerialNumber !== t.serialNumber) t.requestRename(args.newSerialNumber);
    return {};
  },
  start_pairing: (t, args) => {
    t.pairings.start(args);
    return {};
  },
  abort_pairing: (t, args) => {
    t.pairings.abort(args);
    return {};
  },
  show_message: (t, args) => {
    t.inbox.receiveMessage(args);
    return {};
  },
  show_notification: (t, args) => {
    t.inbox.receiveNotification(args);
    return {};
  },
};
