import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The scale-out tier (npm run test:scale): built server instances on the machine's PostgreSQL and
// Mosquitto, and a simulated fleet in a process of its own. Slow by nature, so not in `npm test`.
export default defineConfig({
  test: {
    name: 'scale',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
