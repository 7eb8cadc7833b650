// Starts the test OpenID provider (oidc-provider-process.mjs) as a process of its own and waits
// until its discovery document answers. Used by the integration tests and the end-to-end setup.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROCESS = fileURLToPath(new URL('./oidc-provider-process.mjs', import.meta.url));
const CLOCK_OFFSET = fileURLToPath(new URL('./clock-offset.mjs', import.meta.url));

/** @param {import('./oidc-provider-launcher.d.mts').ProviderOptions} options */
export async function startOidcProvider(options) {
  const args = options.clockOffsetMs ? ['--import', CLOCK_OFFSET, PROCESS] : [PROCESS];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      OIDC_TEST_CLIENTS: JSON.stringify(options.clients),
      OIDC_TEST_PORT: String(options.port ?? 0),
      ...(options.idTokenAudience && { OIDC_TEST_ID_TOKEN_AUDIENCE: options.idTokenAudience }),
      ...(options.forgedIdTokens && { OIDC_TEST_ID_TOKEN_FORGED: '1' }),
      ...(options.clockOffsetMs && { CLOCK_OFFSET_MS: String(options.clockOffsetMs) }),
    },
    // Its standard input is its lifeline: when this process ends, so does the provider.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const issuer = await new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n')) resolve(JSON.parse(line).issuer);
    });
    void exited.then(() => reject(new Error(`the test OpenID provider exited:\n${stderr}`)));
  });
  const discovery = `${issuer}/.well-known/openid-configuration`;
  for (let ready = false; !ready;) {
    ready = await fetch(discovery).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    issuer,
    async setGroups(login, groups) {
      const res = await fetch(`${issuer}/test/accounts/${encodeURIComponent(login)}`, {
        method: 'PUT',
        body: JSON.stringify({ groups }),
      });
      if (res.status !== 204) throw new Error(`the test provider has no account ${login}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        await exited;
      }
    },
  };
}
