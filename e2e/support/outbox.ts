import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from './e2e-env.js';

/** Waits for a password-reset mail to `to` in the server's outbox and returns its link's path. */
export async function resetLinkFor(to: string): Promise<string> {
  const outbox = path.join(E2E.dataDir, 'outbox');
  let link = '';
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
      for (const file of files) {
        const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = /\/reset_password\?token=[A-Za-z0-9_%-]+/.exec(mail);
        if (mail.includes(`To: ${to}`) && match) {
          link = match[0];
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return link;
}

/** Waits for a mail in the server's outbox whose text has every one of `texts`, and returns it. */
export async function mailWith(...texts: string[]): Promise<string> {
  const outbox = path.join(E2E.dataDir, 'outbox');
  let found = '';
  await expect
    .poll(async () => {
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (texts.every((text) => mail.includes(text))) {
          found = mail;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found;
}
