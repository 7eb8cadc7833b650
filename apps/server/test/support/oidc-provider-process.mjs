// A real OpenID Connect provider (oidc-provider, a certified implementation) in a process of its
// own, for the single sign-on tests. It prints one JSON line {"issuer": ...} once it listens, and
// ends when its standard input closes (so it never outlives the test that started it).
//
// Environment:
//   OIDC_TEST_CLIENTS   JSON array of clients: {client_id, client_secret?, redirect_uris}
//   OIDC_TEST_PORT      port to listen on (0 or unset: a free one)
//   OIDC_TEST_ID_TOKEN_AUDIENCE  a misbehaving mode: ID tokens are minted for this other
//                       registered client (aud), as a token issued to another application is
//   OIDC_TEST_ID_TOKEN_FORGED  a misbehaving mode (1): each ID token's signature is made with a
//                       key the provider does not publish, its header (kid, alg) left as it was
//   CLOCK_OFFSET_MS     with `--import clock-offset.mjs`: the provider's clock is off by this much
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { handleInteraction } from './oidc-interactions.mjs';
import { claimsOf, createAccounts } from './oidc-test-accounts.mjs';

const clients = JSON.parse(process.env.OIDC_TEST_CLIENTS ?? '[]').map((c) => ({
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
  ...c,
}));
const accounts = createAccounts();

const server = createServer();
await new Promise((resolve) => server.listen(Number(process.env.OIDC_TEST_PORT ?? 0), '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const provider = new Provider(issuer, {
  clients,
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username'],
    groups: ['groups'],
  },
  scopes: ['openid', 'email', 'profile', 'groups'],
  findAccount: (_ctx, sub) => {
    const account = accounts.bySubject(sub);
    return account && { accountId: sub, claims: () => claimsOf(account) };
  },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // First-party: the console is granted what it asks for, so there is no consent page.
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope(ctx.oidc.params.scope ?? 'openid');
    await grant.save();
    return grant;
  },
  ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 120, Interaction: 600, Session: 3600, Grant: 3600 },
  renderError: (ctx, out) => {
    ctx.type = 'html';
    ctx.body = `<!doctype html><title>Test Provider</title><h1>Test Provider error</h1><p>${out.error}: ${out.error_description ?? ''}</p>`;
  },
});

const misaddressed = process.env.OIDC_TEST_ID_TOKEN_AUDIENCE;
if (misaddressed) {
  // The provider's own IdToken code signs the token, with its key, for the other client: what a
  // token issued to another application at the same provider, handed to the console, looks like.
  const { issue } = provider.IdToken.prototype;
  provider.IdToken.prototype.issue = async function issueForAnother(options) {
    if (options?.use === 'idtoken') this.client = await provider.Client.find(misaddressed);
    return issue.call(this, options);
  };
}

if (process.env.OIDC_TEST_ID_TOKEN_FORGED === '1') {
  // What a forger can make: the provider's header and claims, signed with a key of their own.
  const { privateKey: forgersKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { issue } = provider.IdToken.prototype;
  provider.IdToken.prototype.issue = async function issueForged(options) {
    const token = await issue.call(this, options);
    if (options?.use !== 'idtoken') return token;
    const [header, payload] = token.split('.');
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), forgersKey).toString('base64url');
    return `${header}.${payload}.${signature}`;
  };
}

const callback = provider.callback();
server.on('request', (req, res) => {
  const url = new URL(req.url, issuer);
  if (url.pathname.startsWith('/interaction/')) {
    handleInteraction(provider, accounts, req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
    return;
  }
  // The tests' directory administrator: PUT /test/accounts/<login> {"groups": [...]}.
  if (url.pathname.startsWith('/test/accounts/') && req.method === 'PUT') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const ok = accounts.update(decodeURIComponent(url.pathname.slice('/test/accounts/'.length)), JSON.parse(body));
      res.statusCode = ok ? 204 : 404;
      res.end();
    });
    return;
  }
  callback(req, res);
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
