import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault tier (npm run test:faults): the server while its PostgreSQL, its broker, its disk or
 * its clients misbehave, each scenario on a PostgreSQL and a Mosquitto of its own. One file at a
 * time: the scenarios measure recovery times and latencies, and two at once would share the cores.
 * Slow by nature, so not in the server project's run (vitest.config.ts leaves test/faults out).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'faults',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/, /@ed\/release-trust/] } },
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
