import { defineProject } from 'vitest/config';

export default defineProject({
  // The contract is used as TypeScript source in tests, without a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'release-trust',
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/release-trust/] } },
    include: ['src/**/*.test.ts'],
  },
});
