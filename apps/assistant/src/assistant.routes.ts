import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiStatisticsSchema,
  askRequestSchema,
  askResponseSchema,
  chatSessionSchema,
  chatSessionsQuerySchema,
  chatSessionsResponseSchema,
  sessionIdParamsSchema,
} from '@ed/contract/assistant';
import { errorResponseSchema } from '@ed/contract/errors';
import type { AssistantService } from './assistant.service.js';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

/** The assistant's calls: two reads for the console (part 2 §7) and three for units. */
export function assistantRoutes(service: AssistantService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['assistant'];
    const reader = { assistantAccess: 'reader' as const };
    const device = { assistantAccess: 'device' as const };

    app.get(
      '/statistics',
      {
        config: reader,
        schema: {
          tags,
          summary: 'Sessions, open sessions, queries per session, average queue wait and engine time (s)',
          response: { 200: aiStatisticsSchema, ...errors(401) },
        },
      },
      () => service.statistics(),
    );

    app.get(
      '/chat_sessions',
      {
        config: reader,
        schema: {
          tags,
          summary: 'Chat sessions, newest first, 10 a page, with their exchanges',
          description: 'A page past the last answers 404.',
          querystring: chatSessionsQuerySchema,
          response: { 200: chatSessionsResponseSchema, ...errors(400, 401, 404) },
        },
      },
      (req) => service.page(req.query.page),
    );

    app.post(
      '/chat_sessions',
      {
        config: device,
        schema: {
          tags,
          summary: 'A unit opens a chat session',
          // Units call with their own credential (HTTP Basic: serial and token), not a console token.
          security: [{ deviceCredential: [] }],
          response: { 201: chatSessionSchema, ...errors(401) },
        },
      },
      async (req, reply) => reply.code(201).send(await service.open(req.unitSerial!)),
    );

    app.post(
      '/chat_sessions/:sessionId/queries',
      {
        config: device,
        schema: {
          tags,
          summary: 'A unit asks a question in its open session; answers when the engine has',
          // Units call with their own credential (HTTP Basic: serial and token), not a console token.
          security: [{ deviceCredential: [] }],
          params: sessionIdParamsSchema,
          body: askRequestSchema,
          response: { 200: askResponseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      (req) => service.ask(req.unitSerial!, req.params.sessionId, req.body.query),
    );

    app.post(
      '/chat_sessions/:sessionId/close',
      {
        config: device,
        schema: {
          tags,
          summary: 'A unit closes its session',
          // Units call with their own credential (HTTP Basic: serial and token), not a console token.
          security: [{ deviceCredential: [] }],
          params: sessionIdParamsSchema,
          response: { 200: z.object({ message: z.string() }), ...errors(400, 401, 404) },
        },
      },
      async (req) => {
        await service.close(req.unitSerial!, req.params.sessionId);
        return { message: `Chat session ${req.params.sessionId} is closed.` };
      },
    );
  };
}
