import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countriesResponseSchema } from '@ed/contract/notifications';
import {
  messageSchema,
  messagesResponseSchema,
  serialUploadReportSchema,
  type CreateMessageRequest,
  type MESSAGE_TABS,
  type UpdateMessageRequest,
} from '@ed/contract/messages';
import { http } from '../../../shared/api/http';

/** How often an open tab is read again. */
export const LIST_REFRESH_MS = 10_000;

export type MessageTab = (typeof MESSAGE_TABS)[number];

export const messageKeys = {
  all: ['messages'] as const,
  list: (tab: string, page: number) => ['messages', 'list', tab, page] as const,
  markets: ['messages', 'markets'] as const,
};

/** One tab's page: drafts by issuer (mine, or everyone else's), the other tabs by disposition. */
export function useMessages(tab: MessageTab, page: number, username: string) {
  const mine = 'mine' in tab ? tab.mine : undefined;
  return useQuery({
    queryKey: messageKeys.list(tab.key, page),
    queryFn: ({ signal }) =>
      http('/read/messages/v1', {
        query: {
          page: page + 1,
          filterDisposition: tab.disposition,
          filterIssuerUsername: mine === undefined ? '' : username,
          invert: mine === false,
        },
        schema: messagesResponseSchema,
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
    queryFn: ({ signal }) => http('/read/aligner_countries/v1', { schema: countriesResponseSchema, signal }),
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
  useMessageMutation((input: CreateMessageRequest) =>
    http('/create/message/v1', { json: input, schema: messageSchema }),
  );
export const useUpdateMessage = () =>
  useMessageMutation((input: UpdateMessageRequest) =>
    http('/update/message/v1', { json: input, schema: messageSchema }),
  );
export const useDeleteMessage = () =>
  useMessageMutation((id: number) => http('/delete/message/v1', { json: { id }, schema: messageSchema }));

/**
 * POST /upload_serialnumbers with the file as multipart field "file". `report=true` asks for what
 * was left out (invalid lines, duplicates) beside the list the spec's call answers.
 */
export function uploadSerialNumbers(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return http('/upload_serialnumbers', { query: { report: true }, formData, schema: serialUploadReportSchema });
}
