import type { FastifyInstance } from 'fastify';
import { LiveHub } from '../../src/areas/live/live-hub.js';

/**
 * The live area's hub itself, for tests that look inside it (its socket adapter, its count of
 * users): other areas see only the port (ports/live.ts).
 */
export function liveHub(app: FastifyInstance): LiveHub {
  if (!(app.live instanceof LiveHub)) throw new Error('app.live is not the live area’s LiveHub');
  return app.live;
}
