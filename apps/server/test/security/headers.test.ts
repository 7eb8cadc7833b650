import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** The CSP's directives by name, e.g. `script-src` → ["'self'"]. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

let web: string;
beforeAll(async () => {
  // A stand-in for the built web app: its index page and one fingerprinted asset.
  web = await mkdtemp(path.join(tmpdir(), 'ed-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Equipment Dashboard</title>');
  await writeFile(path.join(web, 'assets', 'index-AbC123.js'), 'console.log(1)');
});
afterAll(() => rm(web, { recursive: true, force: true }));

describe('security headers over plain HTTP (the default)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: web });
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy with the web app', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // No inline script, no eval: only the server's own script files.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // MUI's emotion writes <style> elements at run time (docs/decisions.md).
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Over HTTP, upgrading would break every asset, and HSTS is not for a plain-HTTP origin.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('turns off the browser features the console never uses', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('sends each classic header once, with one value', async () => {
    const res = await t.app.inject({ url: '/read/users/v1?page=1', headers: bearer(admin) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('marks authenticated JSON answers no-store, and leaves the assets immutable', async () => {
    const users = await t.app.inject({ url: '/read/users/v1?page=1', headers: bearer(admin) });
    expect(users.statusCode).toBe(200);
    expect(users.headers['content-type']).toMatch(/^application\/json/);
    expect(users.headers['cache-control']).toBe('no-store');

    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('keeps /openapi.json and /docs for a signed-in caller', async () => {
    for (const url of ['/openapi.json', '/docs/', '/docs/json']) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toMatch(/Sign in first/);
      const signedIn = await t.app.inject({ url, headers: bearer(admin) });
      expect(signedIn.statusCode, url).toBe(200);
    }
    const spec = await t.app.inject({ url: '/openapi.json', headers: bearer(admin) });
    expect(spec.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers behind HTTPS, with public API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      WEB_DIST: web,
      PUBLIC_URL: 'https://console.example.com',
      PUBLIC_API_DOCS: 'true',
      AI_URL: 'https://assistant.example.com/api',
    });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('lets the web app reach an assistant that runs on its own origin', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'https://assistant.example.com',
    ]);
  });

  it('serves /openapi.json and /docs to anyone when PUBLIC_API_DOCS=true', async () => {
    const spec = await t.app.inject({ url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
    const docs = await t.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});
