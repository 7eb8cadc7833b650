import { tmpdir } from 'node:os';
import path from 'node:path';

/** The server the end-to-end tests start: its own port, a fresh DATA_DIR and known passwords. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8181),
  dataDir: process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `ed-e2e-${process.env.E2E_PORT ?? 8181}`),
  adminPassword: 'e2e-admin-password',
  demoPassword: 'e2e-demo-password',
  /** So a test can enrol a unit of its own and call the device API with its credential. */
  enrollmentKey: 'e2e-enrollment-key',
  /** The test OpenID provider the server signs people in through (apps/server/test/support/oidc-*.mjs). */
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1),
  ssoLabel: 'Test Provider',
};

export const baseURL = `http://127.0.0.1:${E2E.port}`;
