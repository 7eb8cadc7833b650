import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

const sso = { OIDC_ISSUER: 'https://login.example.com/realms/acme', OIDC_CLIENT_ID: 'dashboard' };

describe('single sign-on configuration', () => {
  it('is off unless OIDC_ISSUER is set', () => {
    expect(loadConfig({}).sso).toBeUndefined();
    expect(loadConfig({ OIDC_CLIENT_ID: 'dashboard' }).sso).toBeUndefined();
  });

  it('fills its defaults: the redirect to /login of PUBLIC_URL, the label, groups, and no default role', () => {
    const config = loadConfig({ ...sso, PUBLIC_URL: 'https://console.example.com/', OIDC_ROLE_MAP: 'ops=support' });
    expect(config.sso).toMatchObject({
      clientId: 'dashboard',
      clientSecret: undefined,
      redirectUrl: 'https://console.example.com/login',
      label: 'SSO',
      scopes: 'openid email profile',
      roleClaim: 'groups',
      defaultRole: null,
      emailVerified: 'required',
    });
    expect([...(config.sso?.roleMap ?? [])]).toEqual([['ops', 'support']]);
    expect(loadConfig({ ...sso, OIDC_DEFAULT_ROLE: 'guest' }).sso?.defaultRole).toBe('guest');
    expect(loadConfig({ ...sso, OIDC_DEFAULT_ROLE: 'guest', OIDC_EMAIL_VERIFIED: 'if-sent' }).sso?.emailVerified).toBe(
      'if-sent',
    );
  });

  it('stops the boot naming each bad value', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'http://login.example.com', OIDC_DEFAULT_ROLE: 'guest' })).toThrow(
      /OIDC_ISSUER: must be an https:\/\/ URL \(http:\/\/ only on localhost\)[\s\S]*OIDC_CLIENT_ID: is required/,
    );
    expect(() => loadConfig({ ...sso })).toThrow(/OIDC_ROLE_MAP: is empty and OIDC_DEFAULT_ROLE is none/);
    expect(() => loadConfig({ ...sso, OIDC_ROLE_MAP: 'ops=root' })).toThrow(/OIDC_ROLE_MAP: maps "ops" to root/);
    expect(() => loadConfig({ ...sso, OIDC_DEFAULT_ROLE: 'king' })).toThrow(/OIDC_DEFAULT_ROLE: must be one of/);
    expect(() => loadConfig({ ...sso, OIDC_DEFAULT_ROLE: 'guest', OIDC_EMAIL_VERIFIED: 'never' })).toThrow(
      /OIDC_EMAIL_VERIFIED: must be required or if-sent/,
    );
    expect(() => loadConfig({ ...sso, OIDC_SCOPES: 'email', OIDC_DEFAULT_ROLE: 'guest' })).toThrow(
      /OIDC_SCOPES: must include openid/,
    );
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_SECRET: 'x', OIDC_LABEL: 'x'.repeat(41) })).toThrow(
      /OIDC_LABEL: must be at most 40 characters/,
    );
    expect(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'd', OIDC_DEFAULT_ROLE: 'guest' }).sso,
    ).toBeDefined();
  });
});
