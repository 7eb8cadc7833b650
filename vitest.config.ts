import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle: one file at a time on two cores. The server's integration
    // tests wait on the database, the broker and timers much of the time, so two files share two
    // cores well (a third only slows each down: measured in docs/decisions.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'packages/release-trust',
      'apps/simulator',
      'apps/conformance',
      'apps/assistant',
      'apps/server/vitest.unit.config.ts',
      'apps/server/vitest.config.ts',
      // Listed where they can run, so that no run skips them by design (apps/server/vitest.shared.ts).
      ...(process.env.MQTT_TEST_URL ? ['apps/server/vitest.broker.config.ts'] : []),
      ...(process.env.DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : []),
      'apps/web',
      // The repository's own scripts (scripts/*.mjs), in Node.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Reported with `--coverage` (npm run test:coverage): a summary on the terminal, the figures
    // per file in .reports/coverage. A report, not a gate: no threshold fails the run.
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.reports/coverage',
    },
  },
});
