// Starts the built server for the end-to-end run on a fresh DATA_DIR (embedded PGlite, demo accounts),
// after the test OpenID provider its single sign-on goes through.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
if (process.env.OIDC_ISSUER) {
  // The OpenID provider of the single sign-on test, as a process of its own; it ends with this one.
  const { startOidcProvider } = await import('../../apps/server/test/support/oidc-provider-launcher.mjs');
  await startOidcProvider({
    port: Number(new URL(process.env.OIDC_ISSUER).port),
    clients: [{ client_id: process.env.OIDC_CLIENT_ID, redirect_uris: [`${process.env.PUBLIC_URL}/login`] }],
  });
}
await import('../../apps/server/dist/main.js');
