import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { equipmentListResponseSchema, type EquipmentListResponse, type EquipmentSortKey } from '@ed/contract/aligners';
import type { Family } from '@ed/contract/families';
import { messageResponseSchema } from '@ed/contract/errors';
import { equipmentSchema, type Equipment } from '@ed/contract/equipment';
import { http } from '../../api/http';

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
export const DETAIL_REFRESH_MS = 5_000;

/** GET /read/aligners/v1: one page of 10. */
export function fetchEquipmentList(query: EquipmentListQuery, signal?: AbortSignal): Promise<EquipmentListResponse> {
  return http('/read/aligners/v1', { query: { ...query }, schema: equipmentListResponseSchema, signal });
}

export function useEquipmentList(query: EquipmentListQuery) {
  return useQuery({
    queryKey: equipmentKeys.list(query),
    queryFn: ({ signal }) => fetchEquipmentList(query, signal),
    // The grid keeps the page it shows while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** GET /read/aligner/v1: one unit, with the caller's favorite flag and its open tickets. */
export function fetchEquipment(serialNumber: string, signal?: AbortSignal): Promise<Equipment> {
  return http('/read/aligner/v1', { query: { serialNumber }, schema: equipmentSchema, signal });
}

export function useEquipment(serialNumber: string | null) {
  return useQuery({
    queryKey: equipmentKeys.detail(serialNumber ?? ''),
    queryFn: ({ signal }) => fetchEquipment(serialNumber!, signal),
    enabled: Boolean(serialNumber),
    refetchInterval: DETAIL_REFRESH_MS,
  });
}

/** POST /api/v1/delete_equipment (admin and engineer). */
export function deleteEquipment(serialNumber: string) {
  return http('/api/v1/delete_equipment', { method: 'POST', json: { serialNumber }, schema: messageResponseSchema });
}
