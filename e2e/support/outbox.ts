import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from './e2e-env.js';

const outbox = path.join(E2E.dataDir, 'outbox');

/**
 * The outbox's mails, newest first, as a person reading DATA_DIR/outbox sees them: `.eml` files
 * only. The server rewrites a mail whose reset link is spent through a hidden temporary file and a
 * rename, so a file listed a moment ago may be gone when it is read: such a file is passed over.
 */
async function mails(): Promise<string[]> {
  const names = (await readdir(outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort()
    .reverse();
  const texts = await Promise.all(names.map((name) => readFile(path.join(outbox, name), 'utf8').catch(() => '')));
  return texts.filter(Boolean).map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** Waits for a password-reset mail to `to` in the server's outbox and returns its link's path. */
export async function resetLinkFor(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      for (const mail of await mails()) {
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
  let found = '';
  await expect
    .poll(async () => {
      found = (await mails()).find((mail) => texts.every((text) => mail.includes(text))) ?? '';
      return found !== '';
    })
    .toBe(true);
  return found;
}
