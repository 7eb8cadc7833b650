import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../shared/mailer.js';
import { Outbox } from '../shared/outbox.js';

async function mailerPlugin(app: FastifyInstance) {
  const { SMTP_URL, MAIL_FROM } = app.config;
  const outbox = new Outbox(app.db, app.files);
  app.startWork.add(async () => {
    const adopted = await outbox.adoptOlderMails();
    if (adopted > 0) app.log.info({ adopted }, 'older outbox mails registered in the file store');
  });
  app.decorate('outbox', outbox);
  app.decorate('mailer', createMailer({ smtpUrl: SMTP_URL, from: MAIL_FROM, outbox }, app.log));
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['database', 'files'] });
