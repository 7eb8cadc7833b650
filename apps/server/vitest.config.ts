import { integrationProject } from './vitest.shared.js';

// The integration tests that need nothing but Node.js: on PGlite, or on PostgreSQL with
// DATABASE_URL, with the embedded broker. Unit tests beside the code are the server-unit
// project's (vitest.unit.config.ts); the fault tier and the built server have runs of their own
// (vitest.faults.config.ts, vitest.built.config.ts).
export default integrationProject('server', {
  include: ['test/**/*.test.ts'],
  exclude: ['test/faults/**', 'test/built/**', 'test/broker/**', 'test/postgres/**'],
});
