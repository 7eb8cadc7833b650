import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './precompress-plugin';

const SERVER = 'http://localhost:8080';

/**
 * API prefixes end with a slash so that the app's own routes that share a
 * prefix (/request_password_reset, /reset_password) stay with Vite.
 */
const API_PREFIXES = [
  '/auth/',
  '/read/',
  '/update/',
  '/request/',
  '/reset/',
  '/create/',
  '/delete/',
  '/api/',
  '/cmd/',
  '/flags/',
  '/graph',
  '/openapi.json',
  '/docs',
];

const proxy: Record<string, string | ProxyOptions> = {
  ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, SERVER])),
  '^/(upload|validate)_': SERVER,
  '/dashboard': { target: SERVER, ws: true },
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
