import type { AuditEntry, AuditsResponse } from '@ed/contract/audits';
import { AUDIT_EXPORT_MAX_ROWS } from '@ed/contract/audits';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.js';
import { auditTarget } from './audit-target.js';
import type { AuditFilter, AuditRow, AuditsRepository, NewAuditRow } from './audits.repository.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sign-in has no session yet: the claimed username is who acted, whether or not it succeeded. */
const SIGN_IN_ROUTE = '/auth/token/v1';
/** Who the server's own jobs are recorded as. */
export const SYSTEM_ACTOR = 'system';

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  username: row.username,
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  requestId: row.requestId,
});

/**
 * The audit log. `onResponse` records every call that is not a read, whatever area added it,
 * so routes get audited without doing anything; jobs record their own rows through `record`.
 */
export class AuditsService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repository: AuditsRepository,
    private readonly logger: FastifyBaseLogger,
  ) {}

  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (READ_METHODS.has(request.method)) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    const body = request.body as Record<string, unknown> | undefined;
    const claimed = route === SIGN_IN_ROUTE && typeof body?.username === 'string' ? body.username : null;
    const row: NewAuditRow = {
      username: request.session?.user.username ?? claimed,
      action: `${request.method} ${route}`,
      target: auditTarget(request.params, request.query, body),
      outcome: reply.statusCode,
      requestId: request.id,
    };
    await this.track(this.repository.insert([row]));
  };

  /** Rows written by the server itself (timed jobs), in the caller's transaction: they stand or fall with it. */
  record(rows: NewAuditRow[], db: Db): Promise<void> {
    return this.repository.insert(rows, db);
  }

  async list(filter: AuditFilter, page: number): Promise<AuditsResponse> {
    const { total, rows } = await this.repository.page(filter, page, PAGE_SIZE);
    return { totalDocs: total, docs: rows.map(toEntry) };
  }

  async exportCsv(filter: AuditFilter): Promise<string> {
    const rows = await this.repository.exportRows(filter, AUDIT_EXPORT_MAX_ROWS);
    return stringify(
      rows.map((r) => [r.at.toISOString(), r.username ?? '', r.action, r.target ?? '', r.outcome, r.requestId ?? '']),
      { header: true, columns: ['Time (UTC)', 'User', 'Action', 'Target', 'Outcome', 'Request ID'] },
    );
  }

  /** Resolves once every write started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async track(write: Promise<void>): Promise<void> {
    const task = write.catch((err: unknown) => this.logger.error({ err }, 'audit row not written'));
    this.pending.add(task);
    try {
      await task;
    } finally {
      this.pending.delete(task);
    }
  }
}
