import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  citiesResponseSchema,
  countriesResponseSchema,
  notificationSchema,
  notificationsResponseSchema,
  regionsResponseSchema,
  type CreateNotificationRequest,
} from '@ed/contract/notifications';
import { http } from '../../../shared/api/http';

export const notificationKeys = {
  lists: () => ['notifications', 'list'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
  countries: ['notifications', 'countries'] as const,
  regions: (country: string) => ['notifications', 'regions', country] as const,
  cities: (country: string, region: string) => ['notifications', 'cities', country, region] as const,
};

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) =>
      http('/read/notifications/v1', { query: { page: page + 1 }, schema: notificationsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    // Delivery counts grow while a notification is in its period.
    refetchInterval: 10_000,
  });
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateNotificationRequest) =>
      http('/create/notification/v1', { json: input, schema: notificationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** The target lists come from the fleet's real geolocations; each reloads when its parent changes. */
export function useCountries() {
  return useQuery({
    queryKey: notificationKeys.countries,
    queryFn: ({ signal }) => http('/read/aligner_countries/v1', { schema: countriesResponseSchema, signal }),
  });
}

export function useRegions(countryName: string) {
  return useQuery({
    queryKey: notificationKeys.regions(countryName),
    queryFn: ({ signal }) =>
      http('/read/aligner_regions/v1', { query: { countryName }, schema: regionsResponseSchema, signal }),
    enabled: countryName !== '',
  });
}

export function useCities(countryName: string, region: string) {
  return useQuery({
    queryKey: notificationKeys.cities(countryName, region),
    queryFn: ({ signal }) =>
      http('/read/aligner_cities/v1', { query: { countryName, region }, schema: citiesResponseSchema, signal }),
    enabled: countryName !== '' && region !== '',
  });
}
