import { defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'conformance',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/release-trust/] } },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The end-to-end runs start a server, a broker and a unit: about a minute each.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
