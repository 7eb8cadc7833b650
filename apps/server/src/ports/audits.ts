import type { Db } from '../db/client.js';
import type { auditLog } from '../db/schema.js';

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Who the server's own jobs are recorded as. */
export const SYSTEM_ACTOR = 'system';

/** The audit log's rows written by the server itself (audits' AuditsService). */
export interface AuditRecorder {
  /** Rows of timed jobs, in the caller's transaction: they stand or fall with it. */
  record(rows: NewAuditRow[], db: Db): Promise<void>;
}
