import type { AuditOutcomeFilter } from '@ed/contract/audits';
import { and, desc, eq, gte, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { NewAuditRow } from '../../ports/audits.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type { NewAuditRow };

export interface AuditFilter {
  filterUsername?: string;
  filterAction?: string;
  filterTarget?: string;
  filterAddress?: string;
  filterOutcome?: AuditOutcomeFilter;
  from?: Date;
  to?: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function outcomeOf(filter: AuditOutcomeFilter | undefined): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === 'succeeded') return lt(auditLog.outcome, 400);
  if (filter === 'refused') return gte(auditLog.outcome, 400);
  return eq(auditLog.outcome, filter);
}

/** User, target and address match exactly, action by prefix ("POST /cmd" finds every command). */
function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.filterUsername ? eq(auditLog.username, f.filterUsername) : undefined,
    f.filterAction ? like(auditLog.action, `${escapeLike(f.filterAction)}%`) : undefined,
    f.filterTarget ? eq(auditLog.target, f.filterTarget) : undefined,
    f.filterAddress ? eq(auditLog.address, f.filterAddress) : undefined,
    outcomeOf(f.filterOutcome),
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lte(auditLog.at, f.to) : undefined,
  );
}

/** Insert and read only: the log has no update or delete. */
export class AuditsRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: NewAuditRow[], db: Db = this.db): Promise<void> {
    if (rows.length > 0) await db.insert(auditLog).values(rows);
  }

  async page(filter: AuditFilter, page: number, pageSize: number): Promise<{ total: number; rows: AuditRow[] }> {
    const total = await this.count(filter);
    const rows = await this.rows(filter, (page - 1) * pageSize, pageSize);
    return { total, rows };
  }

  async count(filter: AuditFilter): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(whereOf(filter));
    return count?.n ?? 0;
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  rows(filter: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
    return this.list(whereOf(filter), limit, offset);
  }

  private list(where: SQL | undefined, limit: number, offset: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
  }
}
