import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMessageRequest,
  MESSAGE_TABS,
  SerialUploadReport,
  UpdateMessageRequest,
} from '@ed/contract/messages';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { callApi } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/http';

/** How often an open tab is read again. */
const LIST_REFRESH_MS = 10_000;

export type MessageTab = (typeof MESSAGE_TABS)[number];

const messageKeys = {
  all: ['messages'] as const,
  list: (tab: string, page: number) => ['messages', 'list', tab, page] as const,
  markets: ['messages', 'markets'] as const,
};

/** One tab's filter (its list's and its export's): drafts by issuer (mine, or everyone else's), the other tabs by disposition. */
export function messagesFilterOf(tab: MessageTab, username: string) {
  const mine = 'mine' in tab ? tab.mine : undefined;
  return {
    filterDisposition: tab.disposition,
    filterIssuerUsername: mine === undefined ? '' : username,
    invert: mine === false,
  };
}

/** One tab's page. */
export function useMessages(tab: MessageTab, page: number, username: string) {
  return useQuery({
    queryKey: messageKeys.list(tab.key, page),
    queryFn: ({ signal }) =>
      callApi(messagesRoutes.getMessages, {
        query: { page: page + 1, ...messagesFilterOf(tab, username) },
        signal,
      }),
    placeholderData: keepPreviousData,
    // The server moves messages between tabs on its own (start and end dates).
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** Markets are the countries the fleet has units in (a message elsewhere would reach nobody). */
export function useMarkets() {
  return useQuery({
    queryKey: messageKeys.markets,
    queryFn: ({ signal }) => callApi(notificationsRoutes.getCountries, { signal }),
  });
}

function useMessageMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export const useCreateMessage = () =>
  useMessageMutation((body: CreateMessageRequest) => callApi(messagesRoutes.createMessage, { body }));
export const useUpdateMessage = () =>
  useMessageMutation((body: UpdateMessageRequest) => callApi(messagesRoutes.updateMessage, { body }));
export const useDeleteMessage = () =>
  useMessageMutation((id: number) => callApi(messagesRoutes.deleteMessage, { body: { id } }));

/**
 * The serial upload, with the file as multipart field "file". `report=true` asks for what was left
 * out (invalid lines, duplicates) beside the list the spec's call answers.
 */
export async function uploadSerialNumbers(file: File): Promise<SerialUploadReport> {
  const formData = new FormData();
  formData.append('file', file);
  const answer = await callApi(messagesRoutes.uploadSerialNumbers, { query: { report: 'true' }, formData });
  // Asked for the report, the server never answers the bare list.
  if (Array.isArray(answer)) throw new ApiError(200, 'The server sent an answer this app does not understand.');
  return answer;
}
