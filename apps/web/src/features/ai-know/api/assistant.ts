import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { aiStatisticsSchema, chatSessionsResponseSchema } from '@ed/contract/assistant';
import { http } from '../../../shared/api/http';

const locationSchema = z.object({ aiUrl: z.string() });

/** Where the assistant answers (AI_URL): mounted at /assistant, or a service of its own. */
function useAssistantUrl() {
  return useQuery({
    queryKey: ['ai-know', 'location'],
    queryFn: ({ signal }) => http('/read/assistant_location/v1', { schema: locationSchema, signal }),
    staleTime: Infinity,
    select: (answer) => answer.aiUrl,
  });
}

/** GET {AI_URL}/statistics */
export function useAiStatistics() {
  const url = useAssistantUrl();
  const statistics = useQuery({
    queryKey: ['ai-know', 'statistics', url.data],
    queryFn: ({ signal }) => http(`${url.data}/statistics`, { schema: aiStatisticsSchema, signal }),
    enabled: url.data !== undefined,
  });
  return { ...statistics, error: url.error ?? statistics.error, isPending: url.isPending || statistics.isPending };
}

/** GET {AI_URL}/chat_sessions/?page (1-based), newest first. */
export function useChatSessions(page: number) {
  const url = useAssistantUrl();
  const sessions = useQuery({
    queryKey: ['ai-know', 'chat-sessions', url.data, page],
    queryFn: ({ signal }) =>
      http(`${url.data}/chat_sessions/`, { query: { page }, schema: chatSessionsResponseSchema, signal }),
    enabled: url.data !== undefined,
    placeholderData: keepPreviousData,
  });
  return { ...sessions, error: url.error ?? sessions.error };
}
