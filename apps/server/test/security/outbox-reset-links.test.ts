import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REDACTED_NOTE } from '../../src/shared/outbox-links.js';
import { createTestApp, resetLinkIn, type TestApp } from '../support/test-app.js';

/** A mail's text with quoted-printable's soft breaks and `=3D` undone, as a reader would see it. */
const unfolded = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/**
 * Without SMTP, reset mails are kept in the outbox (on disk or in the database) for whoever runs
 * the install. A link there stayed readable after it expired or was used; now the mail keeps its
 * headers and a note instead, and a live link stays until it dies.
 */
describe('reset links in the outbox', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const username of ['sam', 'ann', 'kim']) {
      await t.createUser(username, 'support');
      await t.app.inject({ method: 'POST', url: '/request/reset_user_password/v1', payload: { username } });
      await t.app.auth.settled();
      const mail = (await t.outbox()).findLast((m) => m.includes(`To: ${username}@example.com`))!;
      tokens[username] = new URL(resetLinkIn(mail)).searchParams.get('token')!;
    }
  });
  afterAll(() => t.close());

  const reset = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/reset/user_password/v1',
      payload: { token, newPassword: 'Fresh#Kv8qLw2pZr' },
    });
  const mailTo = async (username: string) => (await t.outbox()).find((m) => m.includes(`To: ${username}@example.com`))!;
  /** Every byte the outbox keeps: what it reads back, and its files on this instance's disk. */
  const everything = async () => {
    const { onDisk } = await t.storedFiles('outbox');
    const files = await Promise.all(
      onDisk.map((name) => readFile(path.join(t.config.paths.data, 'outbox', name), 'utf8')),
    );
    return [...(await t.outbox()), ...files].map(unfolded).join('\n');
  };

  it('keeps no link once it was used or has expired, and keeps who, what and when', async () => {
    expect(await everything()).toContain(tokens.sam);
    expect((await reset(tokens.sam!)).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute'
          where user_id = (select id from users where username = 'ann')`,
    );
    expect(await t.app.outbox.redactSpentLinks()).toBe(2);

    const kept = await everything();
    expect(kept).not.toContain(tokens.sam);
    expect(kept).not.toContain(tokens.ann);
    for (const username of ['sam', 'ann']) {
      const mail = await mailTo(username);
      expect(mail).toContain('Subject: Equipment Dashboard: reset your password');
      expect(mail).toContain(REDACTED_NOTE);
      expect(() => resetLinkIn(mail)).toThrow(/no reset link/);
    }
  });

  it('leaves a live link readable and working, and redacts it once used', async () => {
    expect(resetLinkIn(await mailTo('kim'))).toContain(encodeURIComponent(tokens.kim!));
    expect((await reset(tokens.kim!)).statusCode).toBe(200);
    expect(await t.app.outbox.redactSpentLinks()).toBe(1);
    expect(await everything()).not.toContain(tokens.kim);
    expect(await t.app.outbox.redactSpentLinks()).toBe(0);
  });
});
