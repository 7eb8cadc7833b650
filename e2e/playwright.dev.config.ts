import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));
const executablePath = execFileSync(process.execPath, ['support/resolve-chromium.mjs'], { cwd: here }).toString();

/**
 * The developer's loop (npm run test:dev-loop): `npm run dev` in a checkout of its own, a save to
 * a server file and to a React component, each seen in the browser or the API within 3 s. Apart
 * from the end-to-end tests, which run the built app.
 */
export default defineConfig({
  testDir: './dev',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.reports/dev-loop.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
    },
  },
});
