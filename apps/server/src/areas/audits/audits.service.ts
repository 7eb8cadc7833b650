import type { AuditEntry, AuditsResponse } from '@ed/contract/audits';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditAction, auditTarget, auditTargetText, auditUsername, deviceActor } from './audit-target.js';
import type { AuditFilter, AuditRow, AuditsRepository, NewAuditRow } from './audits.repository.js';
import { type BatchLoader, batchLoader } from '../../shared/batch-loader.js';
import { rateLimitedRequests } from '../../plugins/api-rate-limit.js';
import type { AuditRecorder } from '../../ports/audits.js';
import type { ServerKeys } from '../../shared/server-keys.js';
import { RefusalSample } from './refusal-sample.js';
import { TYPED_NAME_KEY, typedNameDigest } from './typed-name.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sign-in has no session yet: the claimed username is who acted, whether or not it succeeded. */
const SIGN_IN_ROUTE = '/auth/token/v1';

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  username: row.username,
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  address: row.address,
  requestId: row.requestId,
  clientRequestId: row.clientRequestId,
});

/** An answer with a CSV file: an export, audited although it is a read. */
const isExport = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/csv');

/** A row as stored: whatever a caller sent, nothing in it can make the insert fail. */
const storable = (row: NewAuditRow): NewAuditRow => ({
  ...row,
  username: auditUsername(row.username),
  action: auditAction(row.action),
  target: auditTargetText(row.target),
});

const BATCH_MAX = 200;
const BATCH_WINDOW_MS = 5;

/**
 * The audit log. `onResponse` records every call that is not a read, whatever area added it,
 * so routes get audited without doing anything; jobs record their own rows through `record`.
 */
export class AuditsService implements AuditRecorder {
  private readonly pending = new Set<Promise<void>>();
  /**
   * Rows of calls answered within a few milliseconds of each other go in one INSERT: a fleet
   * coming back checks in thousands of units a second, and each row cost a statement of its own.
   */
  private readonly batches: BatchLoader<NewAuditRow, void>;
  private readonly refusals = new RefusalSample();

  constructor(
    private readonly repository: AuditsRepository,
    private readonly logger: FastifyBaseLogger,
    private readonly keys: ServerKeys,
    /** The account a name signs in as, if any (the users area's look-up). */
    private readonly accountNamed: (typed: string) => Promise<string | undefined>,
  ) {
    // Two at a time: a user's request waits for its audit row, so one slow insert must not hold all.
    this.batches = batchLoader((rows) => this.insertAll(rows), {
      maxBatchSize: BATCH_MAX,
      windowMs: BATCH_WINDOW_MS,
      concurrency: 2,
    });
  }

  /** One INSERT for the batch; if it fails, row by row, so one row that cannot be written takes no other with it. */
  private async insertAll(rows: readonly NewAuditRow[]): Promise<(undefined | Error)[]> {
    try {
      await this.repository.insert([...rows]);
      return rows.map(() => undefined);
    } catch {
      return Promise.all(
        rows.map((row) =>
          this.repository.insert([row]).then(
            () => undefined,
            (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
          ),
        ),
      );
    }
  }

  /**
   * Written once the answer has left, not before it and not in the call's own transaction: the
   * action is committed by then, and no failed row can undo it. The guarantee is instead that no
   * input can make the row fail (every field is made storable and bounded, and only the params,
   * query and body the route declares, hence validated, name the target); what remains is the
   * database failing between the action and its row, which `track` logs loudly, row included.
   */
  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (READ_METHODS.has(request.method) && !isExport(reply)) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
    const signIn = route === SIGN_IN_ROUTE;
    // Refusals by the sign-in lock, the failure budget and the API rate limit did nothing, and a
    // flood of them must not write as fast as it sends: a few per address and minute are kept.
    const refusedByLimit =
      (signIn && (reply.statusCode === 429 || reply.statusCode === 503)) || rateLimitedRequests.has(request);
    if (refusedByLimit && !this.refusals.admit(request.ip)) return;
    // Pending from here on, before the first await: `settled()` must see a sign-in's row while
    // its name is still being looked up (a database away answers later).
    const work = (async () => {
      const schema = request.routeOptions.schema;
      const body = request.body as Record<string, unknown> | undefined;
      // A sign-in's name is the account it found, or a digest of what was typed: never the text.
      // A refusal by a limit checked no password and looked up no account: the few kept per
      // minute look it up here, so the log says whose account the lock protected.
      const signInName = signIn
        ? (request.auditActor ??
          (refusedByLimit ? await this.account(body?.username) : undefined) ??
          (await this.typedName(body?.username)))
        : null;
      const row = storable({
        username:
          request.session?.user.username ??
          request.auditActor ??
          signInName ??
          deviceActor(route, body, request.headers.authorization),
        action: `${request.method} ${route}`,
        target: signIn
          ? signInName
          : auditTarget(
              request.params,
              schema?.querystring ? request.query : undefined,
              schema?.body ? body : undefined,
            ),
        outcome: reply.statusCode,
        address: request.ip,
        requestId: request.id,
        clientRequestId: request.clientRequestId,
      });
      await this.track(this.batches.load(row), row);
    })();
    this.pending.add(work);
    try {
      await work;
    } finally {
      this.pending.delete(work);
    }
  };

  private async account(typed: unknown): Promise<string | undefined> {
    if (typeof typed !== 'string' || !typed.trim()) return undefined;
    return this.accountNamed(typed).catch(() => undefined);
  }

  /** A name typed at a sign-in that found no account, as a keyed digest (typed-name.ts). */
  private async typedName(typed: unknown): Promise<string | null> {
    if (typeof typed !== 'string' || !typed.trim()) return null;
    try {
      return typedNameDigest(await this.keys.key(TYPED_NAME_KEY), typed);
    } catch {
      // Without the key the row still says a name was typed, never which.
      return 'unknown name';
    }
  }

  /** Rows written by the server itself (timed jobs), in the caller's transaction: they stand or fall with it. */
  record(rows: NewAuditRow[], db: Db): Promise<void> {
    return this.repository.insert(rows.map(storable), db);
  }

  async list(filter: AuditFilter, page: number): Promise<AuditsResponse> {
    const { total, rows } = await this.repository.page(filter, page, PAGE_SIZE);
    return { totalDocs: total, docs: rows.map(toEntry) };
  }

  /** The list's rows for an export: the same filter, read a page at a time. */
  exportSource(filter: AuditFilter) {
    return {
      count: () => this.repository.count(filter),
      page: async (offset: number, limit: number) => (await this.repository.rows(filter, offset, limit)).map(toEntry),
    };
  }

  /** Resolves once every write started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * A row that could not be written (the database failing, since no input can) goes to the log
   * whole, at error level: the call was carried out, and the log is then its only record.
   */
  private async track(write: Promise<void>, row: NewAuditRow): Promise<void> {
    // A call that was refused did nothing: its lost row is worth a warning, not an alarm (a
    // database outage refuses every call and would fill the log with false "carried out" lines).
    const done = row.outcome < 400;
    const task = write.catch((err: unknown) =>
      done
        ? this.logger.error(
            { err, auditRow: row },
            'audit row not written: the call was carried out but is missing from the audit log; its row is in this line',
          )
        : this.logger.warn({ err, auditRow: row }, 'audit row of a refused call not written; its row is in this line'),
    );
    this.pending.add(task);
    try {
      await task;
    } finally {
      this.pending.delete(task);
    }
  }
}
