import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/, /@ed\/release-trust/] } },
    // Unit tests beside the code are the server-unit project's (vitest.unit.config.ts).
    include: ['test/**/*.test.ts'],
    // The fault tier and the built server have runs of their own (vitest.faults.config.ts,
    // vitest.built.config.ts).
    exclude: [...configDefaults.exclude, 'test/faults/**', 'test/built/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
