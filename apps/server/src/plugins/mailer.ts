import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../shared/mailer.js';
import { Outbox } from '../shared/outbox.js';
import { scheduleJob } from '../shared/job-timer.js';

/**
 * How often the outbox redacts the reset links that died: a link used or expired stays readable
 * there at most this long. With SMTP the outbox is empty, but mails kept before it still count.
 */
const REDACT_EVERY_MS = 60_000;

async function mailerPlugin(app: FastifyInstance) {
  const { SMTP_URL, MAIL_FROM } = app.config;
  const outbox = new Outbox(app.db, app.files);
  app.startWork.add('older outbox mails', async () => {
    const adopted = await outbox.adoptOlderMails();
    if (adopted > 0) app.log.info({ adopted }, 'older outbox mails registered in the file store');
  });
  scheduleJob(app, {
    name: 'outbox reset links',
    intervalMs: REDACT_EVERY_MS,
    tick: async () => {
      const redacted = await outbox.redactSpentLinks();
      if (redacted > 0) app.log.info({ redacted }, 'outbox: reset links that expired or were used redacted');
    },
  });
  app.decorate('outbox', outbox);
  app.decorate('mailer', createMailer({ smtpUrl: SMTP_URL, from: MAIL_FROM, outbox }, app.log));
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['database', 'files'] });
