import type { CommandResponse } from '@ed/contract/commands';
import type { DeviceCommandArgs, DeviceCommandName, VoltageBoard } from '@ed/contract/device-protocol';
import { CONTROLS, unitRules, type ControlRule } from '@ed/contract/permissions';
import type { CommandCall } from '@ed/contract/routes/commands';
import type { Role } from '@ed/contract/roles';
import { reportedFacts, UNIT_RULE_TEXTS } from '@ed/contract/unit-rule-texts';
import type { EquipmentRow } from '../../../db/unit-columns.js';
import { unitFacts } from '../../../ports/equipment.js';
import { conflict, forbidden, notFound } from '../../../shared/domain-error.js';
import { enforceRule } from '../../../shared/handler-rules.js';
import type { CommandBus } from './command-bus.js';
import type { EquipmentRepository } from '../equipment.repository.js';
import type { ReportsRepository } from './reports.repository.js';
import type { ScreenShotStore } from './screen-shots.js';
import type { SerialRenamer } from './serial-renamer.js';

/** The console's remote commands: checks, the round trip to the unit, and what is kept of the answer. */
export class FleetService {
  constructor(
    private readonly deps: {
      equipment: EquipmentRepository;
      bus: CommandBus;
      reports: ReportsRepository;
      screenShots: ScreenShotStore;
      renamer: SerialRenamer;
      presenceChanged: (serialNumber: string) => void;
      voltagesReported: (serialNumber: string, voltages: VoltageBoard[]) => void;
    },
  ) {}

  async findUnit(serialNumber: string): Promise<EquipmentRow> {
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    return unit;
  }

  async run<C extends DeviceCommandName>(
    role: Role,
    route: CommandCall & { command: C },
    serialNumber: string,
    args: DeviceCommandArgs<C>,
  ): Promise<CommandResponse> {
    const unit = await this.findUnit(serialNumber);
    this.authorize(role, route, unit);
    if (!unit.connected) throw conflict(`Unit ${serialNumber} is not connected. Try again when it is online.`);
    if (route.command === 'reset_serial_number') {
      await this.deps.renamer.assertFree((args as DeviceCommandArgs<'reset_serial_number'>).newSerialNumber);
    }
    const result = await this.deps.bus.send(serialNumber, route.command, args);
    return { serialNumber, command: route.command, result: await this.keep(unit, route.command, args, result) };
  }

  /**
   * A command the server sends on its own (an elevation's revert, docs/elevations.md): no role
   * to check; what its answer leaves behind is kept as for a person's.
   */
  async runAsSystem<C extends DeviceCommandName>(serialNumber: string, command: C, args: DeviceCommandArgs<C>) {
    return (await this.collect(serialNumber, command, args)).kept;
  }

  /** As runAsSystem, with the unit's own answer beside what was kept (a diagnostic snapshot attaches both). */
  async collect<C extends DeviceCommandName>(serialNumber: string, command: C, args: DeviceCommandArgs<C>) {
    const unit = await this.findUnit(serialNumber);
    if (!unit.connected) throw conflict(`Unit ${serialNumber} is not connected. Try again when it is online.`);
    const answer = await this.deps.bus.send(serialNumber, command, args);
    return { answer, kept: await this.keep(unit, command, args, answer) };
  }

  /** The role, as the call's declared rule says (routes/commands.ts, from CONTROLS), then the unit. */
  private authorize(role: Role, route: CommandCall, unit: EquipmentRow): void {
    for (const rule of Object.values(route.handlerRules ?? {})) {
      enforceRule(role, rule, `Your role (${role}) may not use ${route.label}.`);
    }
    if (!('control' in route)) return;
    const { unit: unitRule } = CONTROLS[route.control] as ControlRule;
    const facts = unitFacts(unit);
    if (unitRule && !unitRules[unitRule](facts)) {
      // The rule and what the unit reports: its makers see which field keeps the command away.
      throw forbidden(
        `${route.label} is not available on unit ${unit.serialNumber}: ${UNIT_RULE_TEXTS[unitRule]}; this unit reports ${reportedFacts(facts)}.`,
      );
    }
  }

  /** Persists what a command's answer should leave behind, and says what was kept. */
  private async keep(
    unit: EquipmentRow,
    command: DeviceCommandName,
    args: Record<string, unknown>,
    result: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const { reports, screenShots, equipment, renamer } = this.deps;
    switch (command) {
      case 'get_voltages': {
        const stored = await reports.save(unit.id, 'voltages', result);
        this.deps.voltagesReported(unit.serialNumber, result.voltages as VoltageBoard[]);
        return { ...result, ...stored };
      }
      case 'get_usb_status':
        return { ...result, ...(await reports.save(unit.id, 'usb', result)) };
      case 'get_printer_status':
        return { ...result, ...(await reports.save(unit.id, 'printer', result)) };
      case 'get_screen_shot':
        return screenShots.save(unit.id, Buffer.from(String(result.image), 'base64'));
      case 'get_calibration_logs': {
        const records = result.calibrations as Parameters<ReportsRepository['saveCalibrations']>[2];
        const stored = await reports.saveCalibrations(unit.id, unit.serialNumber, records);
        return { received: records.length, stored };
      }
      case 'set_logging_level':
        await equipment.setColumns(unit.serialNumber, { logLevel: args.loggingLevel as 'WARN' | 'INFO' });
        return { logLevel: args.loggingLevel };
      case 'set_target_eol_types':
        await equipment.setColumns(unit.serialNumber, { targetType: String(args.targetType) });
        return { targetType: args.targetType };
      case 'clear_pending_updates':
        await equipment.setColumns(unit.serialNumber, { pendingSoftwareDownload: null });
        return result;
      case 'reset_serial_number':
        await renamer.rename(unit.serialNumber, String(args.newSerialNumber));
        this.deps.presenceChanged(String(args.newSerialNumber));
        return { serialNumber: args.newSerialNumber };
      default:
        return result;
    }
  }
}
