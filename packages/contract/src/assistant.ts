import { z } from 'zod';
import { pageSchema } from './paging.js';

/** A session takes at most this many questions; a unit opens a new one after that. */
export const MAX_QUERIES_PER_SESSION = 50;
const MAX_QUERY_LENGTH = 2_000;

/** GET {AI_URL}/statistics (part 2 §3). Averages in seconds; conversation length in queries. */
export const aiStatisticsSchema = z.object({
  sessionCount: z.number().int(),
  openSessionCount: z.number().int(),
  averageConversationLength: z.number(),
  queueAverage: z.number(),
  inFlightAverage: z.number(),
});
export type AiStatistics = z.infer<typeof aiStatisticsSchema>;

const chatExchangeSchema = z.object({ query: z.string(), response: z.string() });
export type ChatExchange = z.infer<typeof chatExchangeSchema>;

export const chatSessionSchema = z.object({
  sessionId: z.uuid(),
  serialNumber: z.string(),
  isOpen: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  conversation: z.array(chatExchangeSchema),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** GET {AI_URL}/chat_sessions/?page: newest first, 10 a page. */
export const chatSessionsQuerySchema = z.object({
  page: pageSchema,
});

export const chatSessionsResponseSchema = z.object({
  totalDocs: z.number().int(),
  docs: z.array(chatSessionSchema),
});
export type ChatSessionsResponse = z.infer<typeof chatSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: z.uuid({ error: 'sessionId must be a UUID' }) });

/** POST {AI_URL}/chat_sessions/:sessionId/queries, by the unit that opened the session. */
export const askRequestSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'query must not be empty')
    .max(MAX_QUERY_LENGTH, `query is at most ${MAX_QUERY_LENGTH} characters`),
});

export const askResponseSchema = chatExchangeSchema.extend({
  queueSeconds: z.number(),
  engineSeconds: z.number(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;
