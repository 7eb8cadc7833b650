import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to the outbox,
 * so a fresh install can still complete a password reset.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }, logger: Logger): Mailer {
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
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file holds the mail; the log names the file and never the mail's links or tokens.
      logger.info({ file, subject: mail.subject }, `mail written to the outbox: file://${file}`);
    },
  };
}
