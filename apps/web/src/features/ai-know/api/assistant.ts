import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiRoute } from '@ed/contract/http-api';
import { assistantRoutes } from '@ed/contract/routes/assistant';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import { callApi } from '../../../shared/api/client';

/** Where the assistant answers (AI_URL): mounted at /assistant, or a service of its own. */
function useAssistantUrl() {
  return useQuery({
    queryKey: ['ai-know', 'location'],
    queryFn: ({ signal }) => callApi(assistantRoutes.assistantLocation, { signal }),
    staleTime: Infinity,
    select: (answer) => answer.aiUrl,
  });
}

/** The assistant's statistics. */
export function useAiStatistics() {
  const url = useAssistantUrl();
  const statistics = useQuery({
    queryKey: ['ai-know', 'statistics', url.data],
    queryFn: ({ signal }) => callApi(assistantServiceRoutes.statistics, { base: url.data, signal }),
    enabled: url.data !== undefined,
  });
  return { ...statistics, error: url.error ?? statistics.error, isPending: url.isPending || statistics.isPending };
}

/** A page (1-based) of the assistant's chat sessions, newest first. */
export function useChatSessions(page: number) {
  const url = useAssistantUrl();
  const sessions = useQuery({
    queryKey: ['ai-know', 'chat-sessions', url.data, page],
    queryFn: ({ signal }) => callApi(assistantServiceRoutes.chatSessions, { query: { page }, base: url.data, signal }),
    enabled: url.data !== undefined,
    placeholderData: keepPreviousData,
  });
  return { ...sessions, error: url.error ?? sessions.error };
}

/** The chats' export, where the assistant answers; undefined until that is known. */
export function useChatSessionsExport(): ApiRoute | undefined {
  const url = useAssistantUrl();
  const route = assistantServiceRoutes.exportChatSessions;
  return url.data === undefined ? undefined : { ...route, path: `${url.data}${route.path}` };
}
