import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { pairingCalibrationSchema, serialNumberSchema } from './device-protocol.js';
import { emptyAsAbsent, sortKeyInput } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** A pairing's life: active until the unit completes it or someone aborts it with a reason. */
export const PAIRING_STATES = ['active', 'completed', 'aborted'] as const;
export type PairingState = (typeof PAIRING_STATES)[number];

export const MAX_PAIRING_CALIBRATIONS = 50;

export const pairingSchema = z.object({
  id: z.string(),
  vendor: z.string(),
  vendorKey: z.string(),
  alignmentId: z.string(),
  truPointSerialNumber: z.string(),
  state: z.enum(PAIRING_STATES),
  reason: z.string().nullable(),
  calibrations: z.array(pairingCalibrationSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Pairing = z.infer<typeof pairingSchema>;
export const pairingsResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(pairingSchema) });

/** Columns of the pairing tables that sort (part 2 §2). */
export const PAIRING_SORT_KEYS = ['vendor', 'truPointSerialNumber', 'createdAt'] as const;
export type PairingSortKey = (typeof PAIRING_SORT_KEYS)[number];

/** GET /read/{active,completed,aborted}_pairings/v1 */
export const pairingsQuerySchema = z.object({
  page: pageSchema,
  sortBy: sortKeyInput(PAIRING_SORT_KEYS),
  /** Absent: newest first when no column sorts, else ascending. */
  sortDesc: emptyAsAbsent(
    z
      .enum(['true', 'false', '1', '0'], { error: 'sortDesc must be true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
});

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is at most ${max} characters`);

/** The header a vendor's shop system sends its API key in. */
export const VENDOR_KEY_HEADER = 'x-vendor-api-key';

/** POST /vendor/v1/pairings: a vendor pairs one of its alignments with a Tru-Point. */
export const startPairingRequestSchema = z.object({
  vendorKey: text('vendorKey', 128),
  alignmentId: text('alignmentId', 128),
  serialNumber: serialNumberSchema,
});
export const vendorPairingsQuerySchema = pairingsQuerySchema.extend({
  state: z.enum(PAIRING_STATES, { error: `state must be one of ${PAIRING_STATES.join(', ')}` }).optional(),
});
export const pairingIdParamsSchema = z.object({ id: z.uuid('id must be a pairing id') });
export const abortPairingRequestSchema = z.object({ reason: text('reason', 500) });

/** Vendor administration (admin): vendors and their API keys; a key is shown once, only its hash is kept. */
const vendorNameSchema = text('name', 64);
export const createVendorRequestSchema = z.object({ name: vendorNameSchema });
const vendorKeySummarySchema = z.object({
  id: z.number().int(),
  /** The first characters of the key, so people can tell keys apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export const vendorSchema = z.object({
  name: z.string(),
  createdAt: z.iso.datetime(),
  keys: z.array(vendorKeySummarySchema),
});
export const vendorsResponseSchema = z.array(vendorSchema);
export const createVendorKeyRequestSchema = z.object({ vendor: vendorNameSchema });
export const createVendorKeyResponseSchema = z.object({
  vendor: z.string(),
  id: z.number().int(),
  prefix: z.string(),
  /** Shown once. */
  apiKey: z.string(),
});
export const revokeVendorKeyRequestSchema = z.object({ id: z.coerce.number().int().min(1).max(INT32_MAX) });
