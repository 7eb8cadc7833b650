import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMAND_ROUTES, commandResponseSchema, type CommandResponse } from '@ed/contract/commands';
import { http } from '../../api/http';
import { equipmentKeys } from './equipment';

export type CommandRouteDef = (typeof COMMAND_ROUTES)[number];
export type CommandName = CommandRouteDef['command'];

export function commandRoute(command: CommandName): CommandRouteDef {
  return COMMAND_ROUTES.find((route) => route.command === command)!;
}

/** The body each command call takes (part 1 §7); reset_serial_number names both serials. */
export type CommandArgs = { loggingLevel?: 'WARN' | 'INFO'; targetType?: 'AT200' | 'AT700'; newSerialNumber?: string };

export function commandBody(command: CommandName, serialNumber: string, args: CommandArgs = {}) {
  if (command === 'reset_serial_number') {
    return { currentSerialNumber: serialNumber, newSerialNumber: args.newSerialNumber };
  }
  if (command === 'set_logging_level') return { serialNumber, loggingLevel: args.loggingLevel };
  if (command === 'set_target_eol_types') return { serialNumber, targetType: args.targetType };
  return { serialNumber };
}

/** Sends one command and waits for the unit's answer (404, 409, 502, 504 and 403 come back as ApiError). */
export function sendCommand(command: CommandName, serialNumber: string, args?: CommandArgs): Promise<CommandResponse> {
  return http(commandRoute(command).path, {
    method: 'POST',
    json: commandBody(command, serialNumber, args),
    schema: commandResponseSchema,
  });
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
    onSettled: (_answer, error) =>
      command === 'reset_serial_number' && !error
        ? undefined
        : queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(serialNumber) }),
  });
}
