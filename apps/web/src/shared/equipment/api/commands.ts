import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CommandResponse,
  elevatingCommandRequestSchema,
  resetSerialRequestSchema,
  setLoggingLevelRequestSchema,
  setTargetTypeRequestSchema,
} from '@ed/contract/commands';
import type { RouteInput } from '@ed/contract/http-api';
import { commandCallOf, type CommandCall } from '@ed/contract/routes/commands';
import { callApi } from '../../api/client';
import { elevationKeys } from './elevations';
import { equipmentKeys } from './equipment';

export type CommandName = CommandCall['command'];

/** A command's call: where it goes, and the button's name for messages. */
export function commandRoute(command: CommandName): CommandCall {
  return commandCallOf(command);
}

/**
 * What a command takes beyond the unit, from its route's body (part 1 §7): the log level, the
 * target type, the new serial, and how long RCP, Open Port or a raised log level lasts.
 */
export type CommandArgs = Partial<
  Omit<z.input<typeof setLoggingLevelRequestSchema>, 'serialNumber'> &
    Omit<z.input<typeof setTargetTypeRequestSchema>, 'serialNumber'> &
    Omit<z.input<typeof resetSerialRequestSchema>, 'currentSerialNumber'> &
    Omit<z.input<typeof elevatingCommandRequestSchema>, 'serialNumber'>
>;

function commandBody(command: CommandName, serialNumber: string, args: CommandArgs = {}) {
  if (command === 'reset_serial_number') {
    return { currentSerialNumber: serialNumber, newSerialNumber: args.newSerialNumber };
  }
  const duration = args.durationMinutes === undefined ? {} : { durationMinutes: args.durationMinutes };
  if (command === 'set_logging_level') {
    return { serialNumber, loggingLevel: args.loggingLevel, ...(args.loggingLevel === 'INFO' ? duration : {}) };
  }
  if (command === 'set_target_eol_types') return { serialNumber, targetType: args.targetType };
  if (command === 'rcp' || command === 'open_ssh_port') return { serialNumber, ...duration };
  return { serialNumber };
}

/** Sends one command and waits for the unit's answer (404, 409, 502, 504 and 403 come back as ApiError). */
function sendCommand(command: CommandName, serialNumber: string, args?: CommandArgs): Promise<CommandResponse> {
  // The arguments are optional here, one set for every command: an argument the caller left out
  // is left out of the body too, and the server answers 400 as it would to any caller.
  const body = commandBody(command, serialNumber, args) as RouteInput<CommandCall>['body'];
  return callApi(commandRoute(command), { body });
}

/**
 * One command button's call: its own pending state, and the unit read again once it settles,
 * whatever the outcome, since a failed command can still have changed the unit.
 */
export function useUnitCommand(command: CommandName, serialNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args?: CommandArgs) => sendCommand(command, serialNumber, args),
    // After Reset Serial the unit answers to its new serial only: reading the old one is a 404.
    onSettled: async (_answer, error) => {
      if (command === 'reset_serial_number' && !error) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(serialNumber) }),
        queryClient.invalidateQueries({ queryKey: elevationKeys.unit(serialNumber) }),
      ]);
    },
  });
}
