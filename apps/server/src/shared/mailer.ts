import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Outbox } from './outbox.js';

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
export function createMailer(options: { smtpUrl?: string; from: string; outbox: Outbox }, logger: Logger): Mailer {
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
      const where = await options.outbox.write(info.message as Buffer, mail);
      // The file holds the mail; the log names the file and never the mail's links or tokens.
      logger.info({ file: where, subject: mail.subject }, `mail written to the outbox: ${where}`);
    },
  };
}
