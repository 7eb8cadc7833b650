import type { FastifyInstance } from 'fastify';
import { ssoRoutes } from '@ed/contract/routes/sso';
import { injectRoute } from './inject-route.js';
import { PROVIDER_PASSWORD } from './oidc-test-accounts.mjs';

/** Cookies by name, as a browser keeps them for one site (paths and expiry left aside). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SsoAttempt {
  /** The console's answer to the start. */
  authorizationUrl: URL;
  /** What the provider sent the browser back to /login with. */
  callback: Record<string, string>;
  /** The console's cookie header, as the browser would send it to the callback. */
  consoleCookie: string;
}

/**
 * A browser over HTTP: starts an SSO sign-in at the console (app.inject), signs in at the test
 * provider's page (real HTTP, its own cookie jar) and stops at the redirect back to the console.
 */
export class SsoBrowser {
  private readonly console = new CookieJar();
  private readonly provider = new CookieJar();

  constructor(
    private readonly app: FastifyInstance,
    private readonly redirectUrl: string,
  ) {}

  async start(): Promise<{ status: number; body: { authorizationUrl?: string; message?: string } }> {
    const res = await injectRoute(this.app, ssoRoutes.ssoStart, { headers: { cookie: this.console.header() } });
    const setCookie = res.headers['set-cookie'];
    this.console.take(setCookie === undefined ? [] : [setCookie].flat());
    return { status: res.statusCode, body: res.json() };
  }

  /** The whole way to the provider and back; `action` is what the person does on its page. */
  async signInAtProvider(login: string, action: 'login' | 'abort' = 'login'): Promise<SsoAttempt> {
    const started = await this.start();
    if (!started.body.authorizationUrl) throw new Error(`the start failed: ${started.status} ${started.body.message}`);
    const authorizationUrl = new URL(started.body.authorizationUrl);
    let res = await this.follow(authorizationUrl.href, { method: 'GET' });
    // Still signed in at the provider (its session cookie): straight back, as single sign-on goes.
    if (res.url.startsWith(this.redirectUrl)) return this.attempt(authorizationUrl, res.url);
    const form = /action="([^"]+\/login)"/.exec(res.html);
    if (!form?.[1]) throw new Error(`no sign-in form at the provider (${res.status})`);
    const target = new URL(action === 'login' ? form[1] : form[1].replace(/\/login$/, '/abort'), res.url);
    res = await this.follow(target.href, {
      method: 'POST',
      body: new URLSearchParams({ login, password: PROVIDER_PASSWORD }),
    });
    if (!res.url.startsWith(this.redirectUrl))
      throw new Error(`the provider did not send the browser back (${res.status})`);
    return this.attempt(authorizationUrl, res.url);
  }

  private attempt(authorizationUrl: URL, back: string): SsoAttempt {
    const callback = Object.fromEntries(new URL(back).searchParams);
    return { authorizationUrl, callback, consoleCookie: this.console.header() };
  }

  /** POST /auth/sso/v1/callback as the login page makes it. */
  finish(callback: Record<string, string>, cookie = this.console.header()) {
    // By hand: whatever the provider sent back goes as is, and the refusals are read as they come.
    return this.app.inject({
      method: ssoRoutes.ssoCallback.method,
      url: ssoRoutes.ssoCallback.path,
      headers: { cookie },
      payload: callback,
    });
  }

  /** Follows the provider's redirects with its cookies, up to the first page or the console's address. */
  private async follow(url: string, init: { method: string; body?: URLSearchParams }): Promise<Page> {
    let next = url;
    let request: { method: string; body?: URLSearchParams } = init;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(this.redirectUrl)) return { status: 0, url: next, html: '' };
      const res = await fetch(next, { ...request, redirect: 'manual', headers: { cookie: this.provider.header() } });
      this.provider.take(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400)
        return { status: res.status, url: next, html: await res.text() };
      next = new URL(location, next).href;
      request = { method: 'GET' };
    }
    throw new Error('too many redirects at the provider');
  }
}

interface Page {
  status: number;
  url: string;
  html: string;
}
