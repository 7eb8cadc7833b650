import { z } from 'zod';
import { defineRoutes } from '../http-api.js';

/** Where the console's AIKnow screen finds the assistant (AI_URL). */
export const assistantRoutes = defineRoutes({
  assistantLocation: {
    method: 'GET',
    path: '/read/assistant_location/v1',
    tag: 'assistant',
    access: 'signedIn',
    summary: 'The AI assistant’s base URL (AI_URL, default /assistant)',
    ok: { 200: z.object({ aiUrl: z.string() }) },
    errors: [401],
  },
});
