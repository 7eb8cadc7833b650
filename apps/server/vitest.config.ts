import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/] } },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault tier has a run of its own (vitest.faults.config.ts, npm run test:faults).
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each test builds its own app on its own database clone, so files need no fresh module graph
    // of their own: sharing the worker's saves loading the whole server once per file (a third of
    // this project's time). A faked clock is given back after every test (real-timers.ts).
    isolate: false,
    setupFiles: ['test/support/real-timers.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
