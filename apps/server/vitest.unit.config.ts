import { configDefaults, defineProject } from 'vitest/config';

// The server's unit tests, beside the code: no database template to migrate first, so that one
// file runs in seconds (npx vitest run --project server-unit src/shared/event-bus.test.ts).
// Tests that need a database live in test/ (vitest.config.ts).
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server-unit',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/, /@ed\/release-trust/] } },
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    testTimeout: 30_000,
  },
});
