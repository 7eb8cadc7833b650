import { eq } from 'drizzle-orm';
import { ssoRoutes } from '@ed/contract/routes/sso';
import { ssoIdentities, users } from '../../src/db/schema.js';
import { injectRoute } from './inject-route.js';
import { startOidcProvider, type TestProvider } from './oidc-provider-launcher.mjs';
import { SsoBrowser } from './sso-browser.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The console as the test provider knows it: its address, and where the provider sends people back. */
export const CONSOLE_URL = 'http://console.test';
export const REDIRECT_URL = `${CONSOLE_URL}/login`;

/** The console's client at the provider (public, PKCE), and another application registered beside it. */
const TEST_CLIENTS = [
  { client_id: 'dashboard', redirect_uris: [REDIRECT_URL] },
  { client_id: 'other-app', client_secret: 'other-app-secret-0123456789', redirect_uris: ['http://other.test/cb'] },
];

export const ROLE_MAP = 'dashboard-admins=admin,dashboard-engineers=engineer,dashboard-support=support';

/** A provider in a process of its own, in one of its modes (a shifted clock, a misaddressed or forged token). */
export const startProvider = (
  options: { clockOffsetMs?: number; idTokenAudience?: string; forgedIdTokens?: boolean } = {},
) => startOidcProvider({ clients: TEST_CLIENTS, ...options });

/** A console on a fresh database with SSO configured against `provider`. */
export async function ssoApp(provider: TestProvider, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    PUBLIC_URL: CONSOLE_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'dashboard',
    OIDC_LABEL: 'Test Provider',
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: ROLE_MAP,
    OIDC_DEFAULT_ROLE: 'guest',
    ...env,
  });
}

export const browser = (t: TestApp) => new SsoBrowser(t.app, REDIRECT_URL);

/** A whole sign-in of `login` in a new browser: the console's answer to the callback. */
export async function signInWithSso(t: TestApp, login: string) {
  const b = browser(t);
  const { callback } = await b.signInAtProvider(login);
  return b.finish(callback);
}

/** The console's user `username` with the provider accounts linked to it. */
export async function storedUser(t: TestApp, username: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.username, username));
  const identities = user ? await t.app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id)) : [];
  return user && { ...user, identities };
}

export const ssoConfig = (t: TestApp) => injectRoute(t.app, ssoRoutes.ssoConfig);
