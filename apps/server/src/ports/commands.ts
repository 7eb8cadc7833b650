import type { DeviceCommandArgs, DeviceCommandName, DeviceCommandResult } from '@ed/contract/device-protocol';

/** Sends a command to a unit and waits for its reply (fleet's CommandBus). */
export interface UnitCommands {
  send<C extends DeviceCommandName>(
    serialNumber: string,
    name: C,
    args: DeviceCommandArgs<C>,
  ): Promise<DeviceCommandResult<C>>;
}

/** A command the server sends on its own, with the unit's answer and what was kept of it (fleet's FleetService). */
export interface SystemCommands {
  collect<C extends DeviceCommandName>(
    serialNumber: string,
    name: C,
    args: DeviceCommandArgs<C>,
  ): Promise<{ answer: DeviceCommandResult<C>; kept: Record<string, unknown> }>;
}
