import { integrationProject } from './vitest.shared.js';

// What only a PostgreSQL server shows: several instances on one database (notifications, the
// leader's lock, a concurrent first start, a hung instance), killed connections, and two
// transactions racing on one row.
export default integrationProject('server-postgres', {
  include: ['test/postgres/**/*.test.ts'],
  globalSetup: ['test/support/needs-postgres.ts'],
});
