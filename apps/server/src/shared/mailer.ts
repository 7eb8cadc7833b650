import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Outbox } from './outbox.js';

interface Mail {
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
/** The mail library is loaded at the first mail, not at every start (docs/benchmarks.md, "Start"). */
function lazyTransport<Transport>(create: (library: typeof nodemailer) => Transport): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => (transport ??= import('nodemailer').then((library) => create(library.default)));
}

export function createMailer(options: { smtpUrl?: string; from: string; outbox: Outbox }, logger: Logger): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport((library) => library.createTransport(options.smtpUrl));
    return {
      async send(mail) {
        const info = await (await transport()).sendMail({ from: options.from, ...mail });
        logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = lazyTransport((library) =>
    library.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      const where = await options.outbox.write(info.message as Buffer, mail);
      // The file holds the mail; the log names the file and never the mail's links or tokens.
      logger.info({ file: where, subject: mail.subject }, `mail written to the outbox: ${where}`);
    },
  };
}
