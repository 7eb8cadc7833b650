import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
// By path: the config is bundled on its own, and the contract needs no build first.
import API_PATH_SEGMENTS from '../../packages/contract/src/api-path-segments.json' with { type: 'json' };
import { precompress } from './precompress-plugin';

/** The API server: `npm run dev` runs it beside Vite (scripts/dev.mjs); else `npm start`'s. */
const SERVER = process.env.DEV_API_URL ?? 'http://localhost:8080';

/**
 * Where the dev server sends a request to the API server: every path of the route table (by its
 * first segment, api-path-segments.json, so /read/... but not the app's own
 * /request_password_reset), and the few the server answers outside it. A new area's calls reach
 * the server under `npm run dev` without anyone adding them here.
 */
const OUTSIDE_THE_TABLE = ['flags', 'docs', 'openapi\\.json', 'metrics', 'assistant'];
const API_PATHS = `^/(${[...API_PATH_SEGMENTS, ...OUTSIDE_THE_TABLE].join('|')})(/|\\?|$)`;

/**
 * An answer the server stops sending halfway (a save under `npm run dev` restarts it) ends for the
 * browser too: the proxy alone would keep that request open, and the page would wait on it.
 */
const endCutAnswers: ProxyOptions['configure'] = (server) => {
  server.on('proxyRes', (answer, _request, response) => {
    answer.once('close', () => {
      if (!answer.complete) response.destroy();
    });
  });
};

const proxy: Record<string, string | ProxyOptions> = {
  [API_PATHS]: { target: SERVER, configure: endCutAnswers },
  // The live socket and the units' MQTT over WebSocket.
  '/dashboard': { target: SERVER, ws: true, configure: endCutAnswers },
  '/mqtt': { target: SERVER, ws: true, configure: endCutAnswers },
};

export default defineConfig({
  plugins: [react(), precompress()],
  // "source" makes @ed/contract resolve to its TypeScript, so no contract build is needed first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // The bundle budget (scripts/bundle-budget.mjs) reads which chunks each screen loads.
    manifest: true,
    emptyOutDir: true,
    // The data grid is one 745 kB chunk (about 220 kB gzipped), loaded only with the Equipment screen.
    chunkSizeWarningLimit: 800,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      // Merging modules shared by lazy screens into the entry chunk (the default) put the console's
      // frame, menus and inputs into the sign-in page's download; each screen loads its own instead.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The password policy's dictionaries (about 800 KB gzipped, loaded by the password
            // forms only): one chunk each, fetched side by side and cached apart from the app.
            { name: (id) => /@zxcvbn-ts[\\/]language-\w+[\\/]dist[\\/](\w+)\.json/.exec(id)?.[1] ?? null },
          ],
        },
      },
    },
  },
  server: { proxy },
});
