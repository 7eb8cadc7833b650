import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { FileStore } from './file-store/file-store.js';

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

/** The outbox's area in the file store. */
export const OUTBOX = 'outbox';

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is kept as an .eml file in the outbox of the
 * file store (under DATA_DIR/outbox on disk), so a fresh install can still complete a password
 * reset, whichever instance sent the mail.
 */
export function createMailer(
  options: { smtpUrl?: string; from: string; files: FileStore; dataDir: string },
  logger: Logger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const key = `${OUTBOX}/${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await options.files.put(key, info.message as Buffer);
      // The file holds the mail; the log names the file and never the mail's links or tokens.
      if (options.files.kind === 'disk') {
        const file = path.join(options.dataDir, key);
        logger.info({ file, subject: mail.subject }, `mail written to the outbox: file://${file}`);
      } else {
        logger.info({ key, subject: mail.subject }, `mail kept in the outbox in the database: ${key}`);
      }
    },
  };
}
