import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTrend } from '@ed/contract/dashboard';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { servicesRoutes } from '@ed/contract/routes/services';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';
import { appendTrendPoint } from '../utils/trend';

const dashboardKeys = {
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
    queryFn: ({ signal }) => callApi(dashboardRoutes.getConnectionCounters, { signal }),
  });
}

export function useConnectionTrend() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.trend,
    queryFn: ({ signal }) => callApi(dashboardRoutes.getConnectionTrend, { signal }),
  });
}

export function useTicketStatistics() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.tickets,
    queryFn: ({ signal }) => callApi(dashboardRoutes.getTicketStatistics, { signal }),
  });
}

export function useServiceStatus() {
  return useQuery({
    ...live,
    queryKey: dashboardKeys.services,
    queryFn: ({ signal }) => callApi(servicesRoutes.checkServices, { signal }),
  });
}

export function useRestartService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceName: string) => callApi(servicesRoutes.resetService, { query: { serviceName } }),
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
