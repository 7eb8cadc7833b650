import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assistantPlugin, type AssistantOptions } from '@ed/assistant/assistant.plugin';
import { renameChatSerial } from '@ed/assistant/store';
import apiRateLimitPlugin from '../../plugins/api-rate-limit.js';

/**
 * Runs the AI assistant (apps/assistant) in this process at /assistant, on the console's
 * database. Console users are checked by the console's own sessions, units by their credential.
 */
async function assistantMount(app: FastifyInstance) {
  const { config } = app;
  if (!config.ASSISTANT_IN_PROCESS) return;
  const assistantOptions = assistantOptionsOf(app);
  // In a scope of its own with the API's rate limit: console readers are limited like any console
  // call (by address, since the assistant checks its callers itself), units by their own limits.
  await app.register(async (scope) => {
    await scope.register(apiRateLimitPlugin);
    await scope.register(assistantPlugin, assistantOptions);
  });
  // Chat sessions are keyed by serial: a reset serial takes its conversations along.
  app.events.on('unitRenamed', 'assistant', ({ tx, from, to }) => renameChatSerial(tx, from, to));
}

function assistantOptionsOf(app: FastifyInstance): AssistantOptions & { prefix: string } {
  const { config } = app;
  return {
    prefix: '/assistant',
    // Its traffic is the fleet's: units open sessions and ask, console users only read statistics.
    db: app.database.fleetDb,
    atStart: (task) => app.startWork.add('assistant migrations', task),
    guards: {
      consoleUser: async (token) => {
        const session = await app.sessionCache.authenticate(token);
        return Boolean(session && !session.mfaPending);
      },
      device: (serialNumber, token) => app.fleet.credentials.verify(serialNumber, token),
    },
    serviceKey: config.ASSISTANT_SERVICE_KEY,
    idleMinutes: config.ASSISTANT_IDLE_MINUTES,
    concurrency: config.ASSISTANT_CONCURRENCY,
  };
}

export default fp(assistantMount, {
  name: 'assistant',
  dependencies: ['database', 'fleet', 'authentication', 'session-cache'],
});
