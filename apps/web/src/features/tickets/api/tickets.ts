import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { CreateTicketRequest } from '@ed/contract/tickets';
import { callApi } from '../../../shared/api/client';
import { send } from '../../../shared/api/http';
import { readToken } from '../../../shared/auth/token-storage';
import { useLiveEvent } from '../../../shared/live/live-context';

export interface TicketListQuery {
  page: number;
  filterSerialNumber?: string;
  closed: boolean;
  mine: boolean;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (query: TicketListQuery) => ['tickets', 'list', query] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  history: (serialNumber: string) => ['tickets', 'history', serialNumber] as const,
};

/** Every change to tickets moves the unit's badge too, so both are read again. */
function useTicketsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['aligners'] }),
    ]);
}

/** Another console's change shows here without a reload. */
export function useLiveTicketRefresh() {
  const changed = useTicketsChanged();
  useLiveEvent('REPORT_SUPPORT_TICKET_CREATED', () => void changed());
  useLiveEvent('REPORT_SUPPORT_TICKET_COMMENT_CREATED', () => void changed());
  useLiveEvent('REPORT_SUPPORT_TICKET_CLOSED', () => void changed());
}

export function useTickets(query: TicketListQuery) {
  const username = readToken()?.user.username;
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) =>
      callApi(ticketsRoutes.getTickets, {
        query: { ...query, username: query.mine ? username : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => callApi(ticketsRoutes.getTicket, { query: { id }, signal }),
  });
}

export function useTicketHistory(serialNumber: string) {
  return useQuery({
    queryKey: ticketKeys.history(serialNumber),
    queryFn: ({ signal }) => callApi(ticketsRoutes.getTicketHistory, { query: { serialNumber }, signal }),
  });
}

export function useCreateTicket() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (payload: CreateTicketRequest) => callApi(ticketsRoutes.createTicket, { body: payload }),
    onSuccess: changed,
  });
}

export type TicketAction = 'escalate' | 'deescalate' | 'close';
const ACTION_ROUTES = {
  escalate: ticketsRoutes.escalateTicket,
  deescalate: ticketsRoutes.deescalateTicket,
  close: ticketsRoutes.closeTicket,
} satisfies Record<TicketAction, object>;

export function useTicketAction() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: ({ action, id, username }: { action: TicketAction; id: number; username: string }) =>
      action === 'close'
        ? callApi(ACTION_ROUTES.close, { body: { id, username } })
        : callApi(ACTION_ROUTES[action], { body: { id } }),
    onSettled: changed,
  });
}

export function useCreateComment() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (body: { ticketId: number; authorUsername: string; text: string }) =>
      callApi(ticketsRoutes.createComment, { body }),
    onSuccess: changed,
  });
}

export function useUploadAttachment() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: ({ ticketId, authorUsername, file, description }: UploadInput) => {
      const formData = new FormData();
      formData.append('description', description);
      formData.append('file', file);
      return callApi(ticketsRoutes.uploadAttachment, { query: { ticketId, authorUsername }, formData });
    },
    onSuccess: changed,
  });
}

export interface UploadInput {
  ticketId: number;
  authorUsername: string;
  file: File;
  description: string;
}

/** The full image for the enlarged view: fetched with the bearer, shown through an object URL. */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const { response } = await send(url, { signal });
  if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
  return response.blob();
}
