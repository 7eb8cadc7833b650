import type { DeviceCommandArgs, DeviceCommandName, DeviceCommandResult } from '@ed/contract/device-protocol';

/** Sends a command to a unit and waits for its reply (fleet's CommandBus). */
export interface UnitCommands {
  send<C extends DeviceCommandName>(
    serialNumber: string,
    name: C,
    args: DeviceCommandArgs<C>,
  ): Promise<DeviceCommandResult<C>>;
}
