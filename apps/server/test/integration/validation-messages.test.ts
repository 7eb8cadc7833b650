import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** A refusal of the schema names the field and says the rule in words, not in zod's terms. */
describe('validation messages', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  // Bodies the contract's types refuse (a field missing, a number for text): by hand.
  const stage = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/create/immediate_stage_of_software_update/v1',
      headers: bearer(admin),
      payload,
    });

  it('says a limit in characters, a missing field as required, and a wrong kind as what it must be', async () => {
    const version = { semantic: '5.2.0', meta: null };
    const long = await stage({ serialNumber: 'V33CP1234', version, path: 'p'.repeat(513) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Invalid body: path: At most 512 characters.', field: 'path' });

    const missing = await stage({ version });
    expect(missing.json().message).toBe('Invalid body: serialNumber: Required.');

    const wrongKind = await stage({ serialNumber: 12345678, version });
    expect(wrongKind.json().message).toBe('Invalid body: serialNumber: Must be text.');
  });
});
