import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/simulator', 'apps/assistant', 'apps/server', 'apps/web'],
  },
});
