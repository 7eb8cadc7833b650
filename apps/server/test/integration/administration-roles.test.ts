import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type Permission } from '@ed/contract/permissions';
import { ROLES } from '@ed/contract/roles';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** Each administration call answers 403 to exactly the roles its menu item excludes. */
const CALLS: { method: 'GET' | 'POST'; url: string; permission: Permission }[] = [
  { method: 'GET', url: '/read/users/v1', permission: 'users.manage' },
  { method: 'POST', url: '/delete/user/v1', permission: 'users.manage' },
  { method: 'GET', url: '/read/notifications/v1', permission: 'notifications.manage' },
  { method: 'GET', url: '/read/aligner_countries/v1', permission: 'notifications.manage' },
  { method: 'POST', url: '/create/notification/v1', permission: 'notifications.manage' },
  { method: 'GET', url: '/read/messages/v1?filterDisposition=draft', permission: 'messaging.use' },
  { method: 'POST', url: '/upload_serialnumbers', permission: 'messaging.use' },
  { method: 'GET', url: '/read/audits/v1', permission: 'audits.read' },
];

describe('administration roles', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    for (const role of ROLES) {
      if (role !== 'admin') await t.createUser(`r-${role}`, role);
      tokens.set(role, (await t.signIn(role === 'admin' ? 'admin' : `r-${role}`)).access_token);
    }
  });
  afterAll(() => t.close());

  it.each(CALLS)('$method $url', async ({ method, url, permission }) => {
    for (const role of ROLES) {
      // By hand: a table of calls with empty bodies the contract's types refuse, and a multipart one.
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(tokens.get(role)!),
        payload: method === 'POST' ? {} : undefined,
      });
      if (hasPermission(role, permission)) expect(res.statusCode, role).not.toBe(403);
      else expect(res.statusCode, role).toBe(403);
    }
  });
});
