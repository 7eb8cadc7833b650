import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  connectionCountersSchema,
  connectionTrendSchema,
  serviceStatusSchema,
  ticketStatisticsSchema,
  type ConnectionTrend,
} from '@ed/contract/dashboard';
import { http } from '../../../shared/api/http';
import { useLiveEvent } from '../../../shared/live/live-context';
import { appendTrendPoint } from '../utils/trend';

export const dashboardKeys = {
  counters: ['dashboard', 'counters'] as const,
  trend: ['dashboard', 'trend'] as const,
  tickets: ['dashboard', 'ticket-statistics'] as const,
  services: ['dashboard', 'services'] as const,
};

/**
 * The home screen reads each figure once and then follows the live pushes; refetching on focus
 * would only repeat what the socket already said.
 */
const live = { refetchOnWindowFocus: false } as const;

export function useConnectionCounters() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.counters,
    queryFn: ({ signal }) => http('/read/connection_counters/v1', { schema: connectionCountersSchema, signal }),
  });
}

export function useConnectionTrend() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.trend,
    queryFn: ({ signal }) => http('/read/connection_trend/v1', { schema: connectionTrendSchema, signal }),
  });
}

export function useTicketStatistics() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.tickets,
    queryFn: ({ signal }) => http('/read/ticket_statistics/v1', { schema: ticketStatisticsSchema, signal }),
  });
}

export function useServiceStatus() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.services,
    queryFn: ({ signal }) => http('/api/v1/check_services', { schema: serviceStatusSchema, signal }),
  });
}

/** Not in the contract yet: what POST /api/v1/reset_service answers. */
const restartResponseSchema = z.object({ serviceName: z.string(), up: z.boolean(), message: z.string() });

export function useRestartService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceName: string) =>
      http('/api/v1/reset_service/', { method: 'POST', query: { serviceName }, schema: restartResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.services }),
  });
}

/** The pushes that keep the home screen current: counters (and the trend), ticket statistics, services. */
export function useDashboardLive() {
  const queryClient = useQueryClient();
  useLiveEvent('CONNECTION_COUNTERS', (counters) => {
    queryClient.setQueryData(dashboardKeys.counters, counters);
    const point = {
      at: new Date().toISOString(),
      connected: counters.connectedAligners,
      total: counters.totalAligners,
    };
    queryClient.setQueryData<ConnectionTrend>(dashboardKeys.trend, (old) => (old ? appendTrendPoint(old, point) : old));
  });
  useLiveEvent('SUPPORT_TICKET_STATISTICS', (statistics) =>
    queryClient.setQueryData(dashboardKeys.tickets, statistics),
  );
  useLiveEvent('SERVICE_STATUS', (status) => queryClient.setQueryData(dashboardKeys.services, status));
}
