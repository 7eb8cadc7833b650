import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The operations tier (npm run test:operations): what deploy/ ships, checked with the tools an
// operator runs it with (Debian's prometheus and promtool, systemd-analyze), and Prometheus
// scraping two built instances with a simulated fleet on the machine's PostgreSQL and Mosquitto.
export default defineConfig({
  test: {
    name: 'operations',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
