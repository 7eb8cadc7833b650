import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMMAND_ROUTES,
  commandRequestSchema,
  commandResponseSchema,
  resetSerialRequestSchema,
  setLoggingLevelRequestSchema,
  setTargetTypeRequestSchema,
} from '@ed/contract/commands';
import { errorResponses } from '../../shared/route-schema.js';

const responses = { 200: commandResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) };
const description =
  'Sends the command to the unit and waits for its answer: 404 unknown unit, 409 not connected, ' +
  '504 no answer in time, 502 the unit refused.';

/** The 15 remote commands of part 1 §7, each a round trip to the unit. */
export default async function commandRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['commands'];

  for (const route of COMMAND_ROUTES) {
    const summary = `${route.label}: send ${route.command} to a unit`;
    if (route.command === 'set_logging_level') {
      app.post(
        route.path,
        { schema: { tags, summary, description, body: setLoggingLevelRequestSchema, response: responses } },
        (req) =>
          app.fleet.service.run(req.session!.user.role, route, req.body.serialNumber, {
            loggingLevel: req.body.loggingLevel,
          }),
      );
    } else if (route.command === 'set_target_eol_types') {
      app.post(
        route.path,
        { schema: { tags, summary, description, body: setTargetTypeRequestSchema, response: responses } },
        (req) =>
          app.fleet.service.run(req.session!.user.role, route, req.body.serialNumber, {
            targetType: req.body.targetType,
          }),
      );
    } else if (route.command === 'reset_serial_number') {
      app.post(
        route.path,
        { schema: { tags, summary, description, body: resetSerialRequestSchema, response: responses } },
        (req) =>
          app.fleet.service.run(req.session!.user.role, route, req.body.currentSerialNumber, {
            newSerialNumber: req.body.newSerialNumber,
          }),
      );
    } else {
      app.post(
        route.path,
        { schema: { tags, summary, description, body: commandRequestSchema, response: responses } },
        (req) => app.fleet.service.run(req.session!.user.role, route, req.body.serialNumber, {}),
      );
    }
  }
}
