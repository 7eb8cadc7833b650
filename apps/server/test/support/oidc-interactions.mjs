// The test provider's sign-in page: a username and password form (and Cancel), driven by a
// person in the end-to-end test and over HTTP with a cookie jar in the integration tests.
import { PROVIDER_PASSWORD } from './oidc-test-accounts.mjs';

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid, clientId, problem = '') {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to Test Provider</title></head>
<body>
  <main>
    <h1>Sign in to Test Provider</h1>
    <p>${escape(clientId)} asks you to sign in.</p>
    ${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
    <form method="post" action="/interaction/${escape(uid)}/login">
      <label>Username <input name="login" autocomplete="username" autofocus></label>
      <label>Password <input name="password" type="password" autocomplete="current-password"></label>
      <button type="submit">Sign in</button>
    </form>
    <form method="post" action="/interaction/${escape(uid)}/abort"><button type="submit">Cancel</button></form>
  </main>
</body></html>`;
}

async function formBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/** GET /interaction/:uid, POST /interaction/:uid/login and /abort. */
export async function handleInteraction(provider, accounts, req, res) {
  const details = await provider.interactionDetails(req, res);
  const path = new URL(req.url, 'http://x').pathname;
  const send = (html, status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  if (req.method === 'GET') return send(page(details.uid, details.params.client_id));
  if (path.endsWith('/abort')) {
    const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in.' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  const form = await formBody(req);
  const account = accounts.byLogin(form.get('login') ?? '');
  if (!account || form.get('password') !== PROVIDER_PASSWORD) {
    return send(page(details.uid, details.params.client_id, 'Wrong username or password.'), 401);
  }
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub } },
    { mergeWithLastSubmission: false },
  );
}
