import { MAX_QUERIES_PER_SESSION, type AskResponse, type ChatSessionsResponse } from '@ed/contract/assistant';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sendChatsCsv } from './chats-csv.js';
import { httpError } from './http-error.js';
import type { KnowledgeBase } from './knowledge-base.js';
import type { QuestionQueue } from './question-queue.js';
import type { ChatStore } from './store.js';

/** Chat sessions of units: questions wait in the queue, the knowledge base answers, the store keeps both. */
export class AssistantService {
  constructor(
    private readonly store: ChatStore,
    /** The knowledge base, loaded at its first use. */
    private readonly knowledge: () => Promise<KnowledgeBase>,
    private readonly queue: QuestionQueue,
  ) {}

  open(serialNumber: string) {
    return this.store.open(serialNumber);
  }

  async ask(serialNumber: string, sessionId: string, query: string): Promise<AskResponse> {
    const session = await this.ownSession(serialNumber, sessionId);
    if (!session.isOpen) throw httpError(409, `Chat session ${sessionId} is closed; open a new one.`);
    if (session.queries >= MAX_QUERIES_PER_SESSION) {
      throw httpError(409, `Chat session ${sessionId} has reached ${MAX_QUERIES_PER_SESSION} queries; open a new one.`);
    }
    const knowledge = await this.knowledge();
    const { value, queueSeconds, engineSeconds } = await this.queue.run(() => knowledge.answer(query));
    await this.store.addExchange(sessionId, { query, response: value.response, queueSeconds, engineSeconds });
    return { query, response: value.response, queueSeconds, engineSeconds };
  }

  async close(serialNumber: string, sessionId: string): Promise<void> {
    await this.ownSession(serialNumber, sessionId);
    await this.store.close(sessionId);
  }

  statistics() {
    return this.store.statistics();
  }

  /** A page past the last one is refused, so a stale link says so instead of showing nothing. */
  async page(page: number): Promise<ChatSessionsResponse> {
    const result = await this.store.page(page);
    const pages = Math.max(1, Math.ceil(result.totalDocs / PAGE_SIZE));
    if (page > pages) {
      throw httpError(404, `Page ${page} is out of range: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`}.`);
    }
    return result;
  }

  /** The chat sessions as CSV, a page of statements at a time (chats-csv.ts). */
  exportCsv(reply: FastifyReply, logger: FastifyBaseLogger) {
    return sendChatsCsv(reply, this.store, logger);
  }

  private async ownSession(serialNumber: string, sessionId: string) {
    const session = await this.store.find(sessionId);
    // Another unit's session is reported as unknown: its existence is not the caller's business.
    if (!session || session.row.serialNumber !== serialNumber) {
      throw httpError(404, `Chat session ${sessionId} was not found.`);
    }
    return session;
  }
}
