import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

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
  plugins: [react()],
  // "source" makes @ed/contract resolve to its TypeScript, so no contract build is needed first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The data grid is one 745 kB chunk (about 220 kB gzipped), loaded only with the Equipment screen.
    chunkSizeWarningLimit: 800,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mui-x-data-grid', test: /node_modules[\\/]@mui[\\/]x-(data-grid|internals|virtualizer)/ },
            { name: 'mui-x-charts', test: /node_modules[\\/]@mui[\\/]x-charts/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
});
