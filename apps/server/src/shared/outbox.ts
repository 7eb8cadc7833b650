import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { outboxMails, passwordResetTokens, storedFiles } from '../db/schema.js';
import type { FileStore } from './file-store/file-store.js';
import { markedTokenHash, redactedKey, redactedMail, resetLinkMark } from './outbox-links.js';

export interface OutboxMail {
  key: string;
  recipients: string;
  subject: string;
  createdAt: Date;
  /** The whole .eml message. */
  text: string;
}

/** Marks a DATA_DIR whose older outbox files were registered, so that is done once. */
const ADOPTED_MARKER = '.outbox-registered';
/** Mails holding a reset link looked at in one round, at most. */
const LINKS_PER_ROUND = 500;

/** Another instance redacted the mail first. */
class RedactedElsewhere extends Error {}

/**
 * Mails kept instead of sent (no SMTP_URL): one .eml file each in the file store, `outbox/<time>-<id>.eml`,
 * with a row naming its recipients and subject. On disk they stay readable under DATA_DIR/outbox.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  /**
   * Stores the message; returns where a person finds it. A mail holding a password reset link is
   * named by its token's hash, so `redactSpentLinks` can tell when the link is dead.
   */
  async write(message: Buffer, mail: { to: string | string[]; subject: string; text?: string }): Promise<string> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const key = `outbox/${stamp}-${randomBytes(4).toString('hex')}${resetLinkMark(mail.text)}.eml`;
    await this.files.transaction([{ key, source: message, contentType: 'message/rfc822' }], async (tx) => {
      const recipients = Array.isArray(mail.to) ? mail.to.join(', ') : mail.to;
      await tx.insert(outboxMails).values({ fileKey: key, recipients, subject: mail.subject });
    });
    return this.files.location(key);
  }

  /** The latest `limit` mails, oldest first. */
  async read(limit = 100): Promise<OutboxMail[]> {
    const rows = await this.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
    const texts = await this.files.readSmall(rows.map((r) => r.fileKey));
    return rows.reverse().map((r) => ({
      key: r.fileKey,
      recipients: r.recipients,
      subject: r.subject,
      createdAt: r.createdAt,
      text: texts.get(r.fileKey)?.toString('utf8') ?? '',
    }));
  }

  /**
   * Replaces each mail whose reset link is dead (expired, used, or used up by a new password) by
   * its headers and a note, so the outbox, on disk or in the database, keeps no link once it could
   * no longer be used, and none that a reader could still use after the fact. Returns how many.
   */
  async redactSpentLinks(): Promise<number> {
    const rows = await this.db
      .select()
      .from(outboxMails)
      .where(like(outboxMails.fileKey, 'outbox/%.reset-%.eml'))
      .limit(LINKS_PER_ROUND);
    const hashes = rows.flatMap((row) => markedTokenHash(row.fileKey) ?? []);
    if (hashes.length === 0) return 0;
    const live = await this.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(
        and(
          inArray(passwordResetTokens.tokenHash, hashes),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      );
    const alive = new Set(live.map((row) => row.tokenHash));
    let redacted = 0;
    for (const row of rows) {
      const hash = markedTokenHash(row.fileKey);
      if (hash && !alive.has(hash) && (await this.redact(row))) redacted++;
    }
    return redacted;
  }

  private async redact(row: typeof outboxMails.$inferSelect): Promise<boolean> {
    const original = (await this.files.readSmall([row.fileKey])).get(row.fileKey)?.toString('utf8') ?? '';
    const text = redactedMail(original, { to: row.recipients, subject: row.subject, date: row.createdAt });
    const key = redactedKey(row.fileKey);
    try {
      await this.files.transaction(
        [{ key, source: Buffer.from(text), contentType: 'message/rfc822' }],
        async (tx, _, files) => {
          const moved = await tx
            .update(outboxMails)
            .set({ fileKey: key })
            .where(and(eq(outboxMails.id, row.id), eq(outboxMails.fileKey, row.fileKey)))
            .returning({ id: outboxMails.id });
          if (moved.length === 0) throw new RedactedElsewhere();
          await files.remove([row.fileKey]);
        },
      );
      return true;
    } catch (err) {
      // Instances sweep alike; the one that came second leaves it (its new file is discarded).
      if (err instanceof RedactedElsewhere || isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /**
   * Registers the .eml files an install wrote before the file store (they have no row, and the
   * sweep would take them for leftovers). Runs once per DATA_DIR, before the first sweep.
   */
  async adoptOlderMails(): Promise<number> {
    const marker = path.join(this.files.disk.root, ADOPTED_MARKER);
    if (await stat(marker).catch(() => null)) return 0;
    const dir = this.files.disk.path('outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^[A-Za-z0-9][\w.-]*\.eml$/.test(n));
    let adopted = 0;
    for (let i = 0; i < names.length; i += 500) {
      const keys = names.slice(i, i + 500).map((n) => `outbox/${n}`);
      const known = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(inArray(storedFiles.key, keys));
      const unknown = keys.filter((k) => !known.some((r) => r.key === k));
      for (const key of unknown) {
        const info = await stat(this.files.disk.path(key));
        await this.db.transaction(async (tx) => {
          await tx
            .insert(storedFiles)
            .values({ key, backend: 'disk', size: info.size, contentType: 'message/rfc822', createdAt: info.mtime });
          await tx.insert(outboxMails).values({ fileKey: key, recipients: '', subject: '', createdAt: info.mtime });
        });
        adopted++;
      }
    }
    await mkdir(this.files.disk.root, { recursive: true });
    await writeFile(marker, '');
    return adopted;
  }
}
