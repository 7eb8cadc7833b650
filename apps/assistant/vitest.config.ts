import { defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'assistant',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/] } },
    include: ['src/**/*.test.ts'],
    // Its migrations test starts PGlite, which shares the cores with the other test file running.
    testTimeout: 20_000,
  },
});
