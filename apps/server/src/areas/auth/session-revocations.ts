import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Revocation } from '../../ports/session.js';

const CHANNEL = 'ed_sessions_revoked';
/** A lost listening connection is opened again after this long. */
const RETRY_MS = 1_000;
/** NOTIFY payloads stop at 8000 bytes: longer lists go in several notices. */
const IDS_PER_NOTICE = 100;

const noticeSchema = z.object({
  from: z.string(),
  sessions: z.array(z.string()).optional(),
  users: z.array(z.string()).optional(),
  all: z.literal(true).optional(),
});

export interface SessionRevocationsOptions {
  connectionString: string;
  db: Db;
  logger: FastifyBaseLogger;
  /** A revocation made on another instance. */
  onHeard: (revocation: Revocation) => void;
  /** Whether this instance hears the others right now. */
  onHearing: (hearing: boolean) => void;
}

/**
 * Session revocations between instances over PostgreSQL's LISTEN/NOTIFY, on a connection of its
 * own (outside the pool, whose slots serve requests). When that connection is lost the cache
 * stops caching until it is listening again.
 */
export class SessionRevocations {
  private readonly id = randomUUID();
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  /** A failing connection is tried every second; it is logged once until it works again. */
  private failing = false;

  constructor(private readonly options: SessionRevocationsOptions) {}

  start(): void {
    void this.listen();
  }

  async publish(revocation: Revocation): Promise<void> {
    const chunk = (ids: string[] = []) =>
      Array.from({ length: Math.ceil(ids.length / IDS_PER_NOTICE) }, (_, i) =>
        ids.slice(i * IDS_PER_NOTICE, (i + 1) * IDS_PER_NOTICE),
      );
    const notices = [
      ...(revocation.all ? [{ all: true }] : []),
      ...chunk(revocation.sessions).map((sessions) => ({ sessions })),
      ...chunk(revocation.users).map((users) => ({ users })),
    ];
    try {
      for (const notice of notices) {
        const payload = JSON.stringify({ from: this.id, ...notice });
        await this.options.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
      }
    } catch (err) {
      // The others still stop serving it when their cached copy ends (SESSION_CACHE_TTL_MS).
      this.options.logger.warn({ err }, 'could not tell the other instances of a revoked session');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true });
    client.on('error', (err) => this.options.logger.warn({ err }, 'session revocations: connection lost'));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) this.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      if (!this.failing) this.options.logger.warn({ err }, 'session revocations: cannot listen; not caching sessions');
      this.failing = true;
      await client.end().catch(() => undefined);
      this.again();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.failing) this.options.logger.info('session revocations: listening again; caching sessions');
    this.failing = false;
    this.client = client;
    this.options.onHearing(true);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.options.onHearing(false);
    this.again();
  }

  private again(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.listen(), RETRY_MS);
    this.retry.unref();
  }

  private receive(payload: string | undefined): void {
    let notice: z.infer<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(payload ?? ''));
    } catch {
      // Unreadable: forgetting everything is the safe reading.
      this.options.logger.warn('session revocations: an unreadable notice; every cached session dropped');
      return this.options.onHeard({ all: true });
    }
    if (notice.from === this.id) return;
    const { sessions, users, all } = notice;
    this.options.onHeard({ sessions, users, all });
  }
}
