import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import {
  aiStatisticsSchema,
  askRequestSchema,
  askResponseSchema,
  chatSessionSchema,
  chatSessionsQuerySchema,
  chatSessionsResponseSchema,
  sessionIdParamsSchema,
} from '../assistant.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { defineRoutes } from '../http-api.js';

const tag = 'assistant';
/** Units call with their own credential (HTTP Basic: serial and token), not a console token. */
const unit = { access: 'public', security: [{ deviceCredential: [] }] } as const;

/**
 * The assistant's calls, relative to where it answers (AI_URL: /assistant, or a service of its
 * own): two reads for the console (part 2 §7), for signed-in users, and three for units.
 */
export const assistantServiceRoutes = defineRoutes({
  statistics: {
    method: 'GET',
    path: '/statistics',
    tag,
    access: 'signedIn',
    summary: 'Sessions, open sessions, queries per session, average queue wait and engine time (s)',
    ok: { 200: aiStatisticsSchema },
    errors: [401],
  },
  chatSessions: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/chat_sessions',
    tag,
    access: 'signedIn',
    summary: 'Chat sessions, newest first, 10 a page, with their exchanges',
    description: 'A page past the last answers 404.',
    query: chatSessionsQuerySchema,
    ok: { 200: chatSessionsResponseSchema },
    errors: [400, 401, 404],
  },
  exportChatSessions: {
    method: 'GET',
    path: '/export/chat_sessions/v1',
    tag,
    access: 'signedIn',
    summary: exportSummary('Chat sessions, newest first,'),
    // The list has no filter and one order: its query less the page is empty.
    query: chatSessionsQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  openSession: {
    method: 'POST',
    path: '/chat_sessions',
    tag,
    ...unit,
    summary: 'A unit opens a chat session',
    ok: { 201: chatSessionSchema },
    errors: [401],
  },
  ask: {
    method: 'POST',
    path: '/chat_sessions/:sessionId/queries',
    tag,
    ...unit,
    summary: 'A unit asks a question in its open session; answers when the engine has',
    params: sessionIdParamsSchema,
    body: askRequestSchema,
    ok: { 200: askResponseSchema },
    errors: [400, 401, 404, 409],
  },
  closeSession: {
    method: 'POST',
    path: '/chat_sessions/:sessionId/close',
    tag,
    ...unit,
    summary: 'A unit closes its session',
    params: sessionIdParamsSchema,
    ok: { 200: z.object({ message: z.string() }) },
    errors: [400, 401, 404],
  },
});
