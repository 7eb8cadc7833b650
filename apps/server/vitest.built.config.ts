import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The built server in a process of its own, as `npm start` runs it (npm run test:built, after a
// build). CI runs it on each Node.js line it tests.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'built',
    environment: 'node',
    include: ['test/built/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 30_000,
  },
});
