import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EquipmentListResponse, EquipmentSortKey } from '@ed/contract/aligners';
import type { Equipment } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { callApi } from '../../api/client';

/** The list call's parameters as the screen sends them (page is 1-based). */
export interface EquipmentListQuery {
  page: number;
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: Family;
  sortBy?: EquipmentSortKey;
  sortDesc?: boolean;
}

export const equipmentKeys = {
  all: ['aligners'] as const,
  lists: () => ['aligners', 'list'] as const,
  list: (query: EquipmentListQuery) => ['aligners', 'list', query] as const,
  detail: (serialNumber: string) => ['aligners', 'detail', serialNumber] as const,
};

/** While the detail is open it is read again this often, so progress moves for units not on the radar. */
const DETAIL_REFRESH_MS = 5_000;

/** One page of 10 units. */
function fetchEquipmentList(query: EquipmentListQuery, signal?: AbortSignal): Promise<EquipmentListResponse> {
  return callApi(alignersRoutes.getAligners, { query: { ...query }, signal });
}

export function useEquipmentList(query: EquipmentListQuery) {
  return useQuery({
    queryKey: equipmentKeys.list(query),
    queryFn: ({ signal }) => fetchEquipmentList(query, signal),
    // The grid keeps the page it shows while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** One unit, with the caller's favorite flag and its open tickets. */
export function fetchEquipment(serialNumber: string, signal?: AbortSignal): Promise<Equipment> {
  return callApi(alignersRoutes.getAligner, { query: { serialNumber }, signal });
}

export function useEquipment(serialNumber: string | null) {
  return useQuery({
    queryKey: equipmentKeys.detail(serialNumber ?? ''),
    queryFn: ({ signal }) => fetchEquipment(serialNumber!, signal),
    enabled: Boolean(serialNumber),
    refetchInterval: DETAIL_REFRESH_MS,
  });
}

/** Deletes a unit (admin and engineer). */
export function deleteEquipment(serialNumber: string) {
  return callApi(alignersRoutes.deleteEquipment, { body: { serialNumber } });
}
