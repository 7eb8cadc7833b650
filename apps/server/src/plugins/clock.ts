import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time the date rules and timed jobs read; tests replace it. */
    clock: () => Date;
  }
}

async function clockPlugin(app: FastifyInstance) {
  app.decorate('clock', () => new Date());
}

export default fp(clockPlugin, { name: 'clock' });
