import { z } from 'zod';
import { serialNumberSchema } from './device-protocol.js';
import { equipmentSchema } from './equipment.js';
import { familySchema } from './families.js';
import { emptyAsAbsent, flagParam, sortKeyInput } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** Columns of the equipment list that sort (part 1 §2), as `sortBy` names them. */
export const EQUIPMENT_SORT_KEYS = [
  'serialNumber',
  'countryCode',
  'family',
  'version',
  'createdAt',
  'updatedAt',
] as const;
export type EquipmentSortKey = (typeof EQUIPMENT_SORT_KEYS)[number];
/** The record's field paths (part 1 §3) a table sorts by, as the original client sends them. */
const EQUIPMENT_SORT_ALIASES: Record<string, EquipmentSortKey> = {
  'geolocation.country_code': 'countryCode',
  'version.semantic': 'version',
};

const filter = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /read/aligners/v1 */
export const equipmentListQuerySchema = z.object({
  page: pageSchema,
  filterSerialNumber: filter('filterSerialNumber', 9).transform((v) => v?.toUpperCase()),
  filterCountryCode: filter('filterCountryCode', 2)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z]{1,2}$/, 'filterCountryCode must be letters')
        .optional(),
    )
    .transform((v) => v?.toUpperCase()),
  filterSoftwareVersion: filter('filterSoftwareVersion', 32),
  filterFamily: emptyAsAbsent(familySchema),
  sortBy: sortKeyInput(EQUIPMENT_SORT_KEYS, EQUIPMENT_SORT_ALIASES),
  sortDesc: flagParam('sortDesc'),
});

export const equipmentListResponseSchema = z.object({
  docs: z.array(equipmentSchema),
  totalDocs: z.number().int(),
});
export type EquipmentListResponse = z.infer<typeof equipmentListResponseSchema>;

/** GET /read/aligner/v1 — `username` is optional; the favorite flag is always the caller's own. */
export const equipmentReadQuerySchema = z.object({
  serialNumber: serialNumberSchema,
  username: z.string().max(64).optional(),
});

/** POST /api/v1/delete_equipment */
export const deleteEquipmentRequestSchema = z.object({ serialNumber: serialNumberSchema });

/** Favorites (My Radar): the calls carry the caller's own username. */
export const favoriteRequestSchema = z.object({
  username: z.string().min(1).max(64),
  serialNumber: serialNumberSchema,
});
export const favoritesQuerySchema = z.object({ username: z.string().min(1).max(64) });
export const favoritesResponseSchema = z.array(equipmentSchema);

export const FAVORITE_LIMIT_MESSAGE = 'Favorite limit exceeded.';
