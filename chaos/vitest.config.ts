import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The chaos tier (npm run test:chaos; the long form through npm run bench:chaos): built instances
// on a PostgreSQL and a Mosquitto of its own, a simulated fleet, and a schedule of faults. The
// whole schedule runs in one hook, so the hook's timeout is the run's.
export default defineConfig({
  test: {
    name: 'chaos',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    testTimeout: 10_000,
    hookTimeout: 45 * 60_000,
    fileParallelism: false,
  },
});
