import { viewFilterSchema, type ViewFilter } from '@ed/contract/saved-views';
import type { EquipmentFilterValues } from './equipment-filters';

/** The list's filters as a saved view keeps them; the boxes left empty are left out. */
export function viewFilterOf(filters: EquipmentFilterValues): ViewFilter {
  const parsed = viewFilterSchema.safeParse({
    serialNumber: filters.serialNumber,
    countryCode: filters.countryCode,
    softwareVersion: filters.softwareVersion.trim(),
    family: filters.family || undefined,
  });
  return parsed.success ? parsed.data : viewFilterSchema.parse({});
}

/** A saved view's filter in the list's four boxes (a box the view does not fill is emptied). */
export const filtersOfView = (filter: ViewFilter): EquipmentFilterValues => ({
  countryCode: filter.countryCode ?? '',
  softwareVersion: filter.softwareVersion ?? '',
  family: filter.family ?? '',
  serialNumber: filter.serialNumber ?? '',
});
