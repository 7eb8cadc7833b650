import type { FastifyInstance } from 'fastify';
import { accessHook, type AssistantGuards } from './access.js';
import { assistantRoutes } from './assistant.routes.js';
import { AssistantService } from './assistant.service.js';
import { KnowledgeBase } from './knowledge-base.js';
import { migrateAssistant } from './migrations.js';
import { QuestionQueue } from './question-queue.js';
import { ChatStore, type AssistantDb } from './store.js';

export interface AssistantOptions {
  db: AssistantDb;
  guards: AssistantGuards;
  /** Lets a service (a report job, another console) read chats without a user. */
  serviceKey?: string;
  /** A session nobody asked anything in for this long counts as closed. */
  idleMinutes: number;
  /** Questions the engine answers at once; the rest wait in the queue. */
  concurrency: number;
  /**
   * Where the host runs the database work of its start (the console's, after its own
   * migrations): the assistant's migrations go there. Without it, they run before the plugin
   * goes on.
   */
  atStart?: (task: () => Promise<void>) => void;
}

/**
 * The assistant as a Fastify plugin: mounted at /assistant inside the console's server, or at
 * the root of its own server (main.ts). Its tables live in the `assistant` schema.
 */
export async function assistantPlugin(app: FastifyInstance, options: AssistantOptions) {
  const migrate = () => migrateAssistant(options.db);
  if (options.atStart) options.atStart(migrate);
  else await migrate();
  // The articles' index is built at the first question, not at every start.
  let loading: Promise<KnowledgeBase> | undefined;
  const knowledge = () =>
    (loading ??= KnowledgeBase.load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const queue = new QuestionQueue(options.concurrency);
  const service = new AssistantService(new ChatStore(options.db, options.idleMinutes), knowledge, queue);
  app.addHook('onRequest', accessHook(options.guards, options.serviceKey));
  await app.register(assistantRoutes(service));
  app.addHook('onClose', () => queue.onIdle());
}
