import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNotificationRequest } from '@ed/contract/notifications';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { callApi } from '../../../shared/api/client';

const notificationKeys = {
  lists: () => ['notifications', 'list'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
  countries: ['notifications', 'countries'] as const,
  regions: (country: string) => ['notifications', 'regions', country] as const,
  cities: (country: string, region: string) => ['notifications', 'cities', country, region] as const,
};

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => callApi(notificationsRoutes.getNotifications, { query: { page: page + 1 }, signal }),
    placeholderData: keepPreviousData,
    // Delivery counts grow while a notification is in its period.
    refetchInterval: 10_000,
  });
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNotificationRequest) => callApi(notificationsRoutes.createNotification, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** The target lists come from the fleet's real geolocations; each reloads when its parent changes. */
export function useCountries() {
  return useQuery({
    queryKey: notificationKeys.countries,
    queryFn: ({ signal }) => callApi(notificationsRoutes.getCountries, { signal }),
  });
}

export function useRegions(countryName: string) {
  return useQuery({
    queryKey: notificationKeys.regions(countryName),
    queryFn: ({ signal }) => callApi(notificationsRoutes.getRegions, { query: { countryName }, signal }),
    enabled: countryName !== '',
  });
}

export function useCities(countryName: string, region: string) {
  return useQuery({
    queryKey: notificationKeys.cities(countryName, region),
    queryFn: ({ signal }) => callApi(notificationsRoutes.getCities, { query: { countryName, region }, signal }),
    enabled: countryName !== '' && region !== '',
  });
}
