import { z } from 'zod';
import { pageSchema } from './paging.js';

/** One row of the audit log: who did what to which target, how it ended, when, which request. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.number().int(),
  /** The caller's address (as the server's trusted-proxy rules resolve it); null on rows older than it. */
  address: z.string().nullable(),
  /** The server's id of the request. */
  requestId: z.string().nullable(),
  /** The X-Request-Id the client sent, if any: beside the server's, never instead of it. */
  clientRequestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const DATE_TEXT = 'must be a date (2026-11-28), a date and time (2026-11-28T10:00:00Z) or milliseconds since 1970';
/** A bound of the log's time range, in the three forms a client has at hand; each a string in the URL. */
const optionalDate = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date(), z.string().regex(/^\d{1,15}$/)], {
    error: DATE_TEXT,
  })
  .transform((value) => (/^\d+$/.test(value) ? new Date(Number(value)) : new Date(value)))
  .optional();

/** Outcomes by kind: every call that succeeded (below 400) or every refusal (400 and above). */
const AUDIT_OUTCOME_KINDS = ['succeeded', 'refused'] as const;
/** A kind of outcome, or one HTTP status (401, 403, 429…). */
const auditOutcomeFilterSchema = z.union([
  z.enum(AUDIT_OUTCOME_KINDS),
  z.coerce.number({ error: 'must be succeeded, refused or an HTTP status' }).int().min(100).max(599),
]);
export type AuditOutcomeFilter = z.infer<typeof auditOutcomeFilterSchema>;

export const auditFiltersSchema = z.object({
  filterUsername: z.string().trim().max(64).optional(),
  filterAction: z.string().trim().max(200).optional(),
  filterTarget: z.string().trim().max(200).optional(),
  /** One address, exactly (an IPv6 address as the log writes it). */
  filterAddress: z.string().trim().max(64).optional(),
  filterOutcome: auditOutcomeFilterSchema.optional(),
  from: optionalDate,
  to: optionalDate,
});
export const auditsQuerySchema = auditFiltersSchema.extend({ page: pageSchema });

export const auditsResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(auditEntrySchema) });
export type AuditsResponse = z.infer<typeof auditsResponseSchema>;
