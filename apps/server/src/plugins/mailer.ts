import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../shared/mailer.js';

async function mailerPlugin(app: FastifyInstance) {
  const { SMTP_URL, MAIL_FROM, paths } = app.config;
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: SMTP_URL, from: MAIL_FROM, files: app.files, dataDir: paths.data }, app.log),
  );
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['files'] });
