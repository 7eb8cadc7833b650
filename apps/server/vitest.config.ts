import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/, /@ed\/release-trust/] } },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault tier has a run of its own (vitest.faults.config.ts, npm run test:faults).
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
