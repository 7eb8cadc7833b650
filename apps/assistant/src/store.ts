import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { AiStatistics, ChatExchange, ChatSession } from '@ed/contract/assistant';
import { chatExchanges, chatSessions } from './schema.js';

/** Any Drizzle PostgreSQL database: the console's (PGlite or node-postgres) or the assistant's own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AssistantDb = PgDatabase<PgQueryResultHKT, any>;

type SessionRow = typeof chatSessions.$inferSelect;

/** Sessions and their exchanges; a session idle for `idleMinutes` counts as closed. */
export class ChatStore {
  constructor(
    private readonly db: AssistantDb,
    private readonly idleMinutes: number,
  ) {}

  /** Open: not closed by its unit and asked something (or opened) within the idle time. */
  private openCondition() {
    return and(
      isNull(chatSessions.closedAt),
      gt(chatSessions.updatedAt, sql`now() - make_interval(mins => ${this.idleMinutes})`),
    );
  }

  async open(serialNumber: string): Promise<ChatSession> {
    const [row] = await this.db.insert(chatSessions).values({ serialNumber }).returning();
    if (!row) throw new Error('The insert of a chat session returned no row.');
    return this.toSession(row, [], true);
  }

  /** The session with whether it is open now and how many queries it holds, or undefined. */
  async find(sessionId: string): Promise<{ row: SessionRow; isOpen: boolean; queries: number } | undefined> {
    const [found] = await this.db
      .select({ row: chatSessions, isOpen: sql<boolean>`(${this.openCondition()})` })
      .from(chatSessions)
      .where(eq(chatSessions.id, sessionId))
      .limit(1);
    if (!found) return undefined;
    const [asked] = await this.db
      .select({ n: count() })
      .from(chatExchanges)
      .where(eq(chatExchanges.sessionId, sessionId));
    return { ...found, queries: asked?.n ?? 0 };
  }

  async addExchange(
    sessionId: string,
    exchange: ChatExchange & { queueSeconds: number; engineSeconds: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(chatExchanges).values({ sessionId, ...exchange });
      await tx
        .update(chatSessions)
        .set({ updatedAt: sql`now()` })
        .where(eq(chatSessions.id, sessionId));
    });
  }

  async close(sessionId: string): Promise<void> {
    await this.db
      .update(chatSessions)
      .set({ closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.closedAt)));
  }

  /** One page of 10, newest first, each with its whole conversation (at most MAX_QUERIES_PER_SESSION). */
  async page(page: number): Promise<{ totalDocs: number; docs: ChatSession[] }> {
    const [totalDocs, docs] = await Promise.all([this.count(), this.rows((page - 1) * PAGE_SIZE, PAGE_SIZE)]);
    return { totalDocs, docs };
  }

  async count(): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(chatSessions);
    return total?.n ?? 0;
  }

  /** The list's sessions, newest first, from `offset` (a page, or a page of an export). */
  async rows(offset: number, limit: number): Promise<ChatSession[]> {
    const rows = await this.db
      .select({ row: chatSessions, isOpen: sql<boolean>`(${this.openCondition()})` })
      .from(chatSessions)
      .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
      .limit(limit)
      .offset(offset);
    const ids = rows.map((r) => r.row.id);
    const exchanges = ids.length
      ? await this.db
          .select()
          .from(chatExchanges)
          .where(inArray(chatExchanges.sessionId, ids))
          .orderBy(asc(chatExchanges.id))
      : [];
    return rows.map(({ row, isOpen }) =>
      this.toSession(
        row,
        exchanges.filter((e) => e.sessionId === row.id),
        isOpen,
      ),
    );
  }

  /** Computed from the stored sessions and exchanges, so every instance reports the same. */
  async statistics(): Promise<AiStatistics> {
    const [sessions] = await this.db
      .select({
        sessionCount: count(),
        openSessionCount: sql<number>`(count(*) filter (where ${this.openCondition()}))::int`,
      })
      .from(chatSessions);
    const [exchanges] = await this.db
      .select({
        queries: count(),
        queueAverage: sql<number>`coalesce(avg(${chatExchanges.queueSeconds}), 0)::float8`,
        inFlightAverage: sql<number>`coalesce(avg(${chatExchanges.engineSeconds}), 0)::float8`,
      })
      .from(chatExchanges);
    const sessionCount = sessions?.sessionCount ?? 0;
    return {
      sessionCount,
      openSessionCount: sessions?.openSessionCount ?? 0,
      averageConversationLength: sessionCount > 0 ? (exchanges?.queries ?? 0) / sessionCount : 0,
      queueAverage: exchanges?.queueAverage ?? 0,
      inFlightAverage: exchanges?.inFlightAverage ?? 0,
    };
  }

  private toSession(row: SessionRow, exchanges: ChatExchange[], isOpen: boolean): ChatSession {
    return {
      sessionId: row.id,
      serialNumber: row.serialNumber,
      isOpen,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      conversation: exchanges.map(({ query, response }) => ({ query, response })),
    };
  }
}

/** A unit's serial number was reset: its chat sessions follow it (run inside the rename's transaction). */
export async function renameChatSerial(db: AssistantDb, from: string, to: string): Promise<void> {
  await db.update(chatSessions).set({ serialNumber: to }).where(eq(chatSessions.serialNumber, from));
}
