import { z } from 'zod';
import { pageSchema } from './users.js';

/** One row of the audit log: who did what to which target, how it ended, when, which request. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.number().int(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalDate = z.coerce.date({ error: 'must be a date' }).optional();

export const auditFiltersSchema = z.object({
  filterUsername: z.string().trim().max(64).optional(),
  filterAction: z.string().trim().max(200).optional(),
  filterTarget: z.string().trim().max(200).optional(),
  from: optionalDate,
  to: optionalDate,
});
export const auditsQuerySchema = auditFiltersSchema.extend({ page: pageSchema });
export type AuditsQuery = z.input<typeof auditsQuerySchema>;

export const auditsResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(auditEntrySchema) });
export type AuditsResponse = z.infer<typeof auditsResponseSchema>;
