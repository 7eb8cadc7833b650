import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  COMMAND_ROUTES,
  commandRequestSchema,
  commandResponseSchema,
  resetSerialRequestSchema,
  setLoggingLevelRequestSchema,
  setTargetTypeRequestSchema,
} from '@ed/contract/commands';
import type { DeviceCommandName } from '@ed/contract/device-protocol';
import { errorResponses } from '../../shared/route-schema.js';

const responses = { 200: commandResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) };
const description =
  'Sends the command to the unit and waits for its answer: 404 unknown unit, 409 not connected, ' +
  '504 no answer in time, 502 the unit refused.';

interface CommandInput<S extends z.ZodType> {
  body: S;
  /** The unit addressed and the command's arguments, from the call's body. */
  read(body: z.infer<S>): { serialNumber: string; args: Record<string, unknown> };
}
const input = <S extends z.ZodType>(body: S, read: CommandInput<S>['read']): CommandInput<S> => ({ body, read });

/** Bodies of the commands that take more than a serial number (part 1 §7). */
const INPUTS: Partial<Record<DeviceCommandName, CommandInput<z.ZodType>>> = {
  set_logging_level: input(setLoggingLevelRequestSchema, (b) => ({
    serialNumber: b.serialNumber,
    args: { loggingLevel: b.loggingLevel },
  })),
  set_target_eol_types: input(setTargetTypeRequestSchema, (b) => ({
    serialNumber: b.serialNumber,
    args: { targetType: b.targetType },
  })),
  reset_serial_number: input(resetSerialRequestSchema, (b) => ({
    serialNumber: b.currentSerialNumber,
    args: { newSerialNumber: b.newSerialNumber },
  })),
} as Partial<Record<DeviceCommandName, CommandInput<z.ZodType>>>;
const SERIAL_ONLY = input(commandRequestSchema, (b) => ({ serialNumber: b.serialNumber, args: {} }));

/** The 15 remote commands of part 1 §7, each a round trip to the unit. */
export default async function commandRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const route of COMMAND_ROUTES) {
    const { body, read } = (INPUTS[route.command] ?? SERIAL_ONLY) as CommandInput<z.ZodType>;
    app.post(
      route.path,
      {
        schema: {
          tags: ['commands'],
          summary: `${route.label}: send ${route.command} to a unit`,
          description,
          body,
          response: responses,
        },
      },
      (req) => {
        const { serialNumber, args } = read(req.body);
        return app.fleet.service.run(req.session!.user.role, route, serialNumber, args as never);
      },
    );
  }
}
