import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/simulator', 'apps/assistant', 'apps/server', 'apps/web'],
    // Reported with `--coverage` (npm run test:unit does): a summary on the terminal, the figures
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
