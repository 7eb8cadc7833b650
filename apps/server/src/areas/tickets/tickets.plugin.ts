import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DiagnosticsRepository } from './diagnostics.repository.js';
import { DiagnosticsService } from './diagnostics.service.js';
import { EscalationMailer } from './escalation-mail.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    tickets: TicketsService;
    diagnostics: DiagnosticsService;
  }
}

/** Support tickets with their diagnostic snapshots, and the counts other areas show: the unit's badge and the home dashboard's chart. */
async function ticketsPlugin(app: FastifyInstance) {
  const repository = new TicketsRepository(app.db);
  const mail = new EscalationMailer({
    mailer: app.mailer,
    to: app.config.ENGINEERING_EMAILS,
    publicUrl: app.config.PUBLIC_URL,
    logger: app.log,
  });
  const tickets = new TicketsService({
    tickets: repository,
    equipment: app.fleet.equipment,
    files: app.files,
    live: app.live,
    mail,
    events: app.events,
    logger: app.log,
  });
  app.decorate('tickets', tickets);
  const diagnostics = new DiagnosticsService({
    repository: new DiagnosticsRepository(app.db),
    tickets,
    equipment: app.fleet.equipment,
    commands: app.fleet.service,
    // Every item is asked at once, each within one command timeout; past three, the server collecting it stopped.
    staleMs: app.config.COMMAND_TIMEOUT_MS * 3 + 5_000,
    logger: app.log,
    clock: () => app.clock(),
  });
  app.decorate('diagnostics', diagnostics);
  app.events.on('unitRenamed', 'tickets', ({ tx, from, to }) => repository.renameSerial(tx, from, to));
  app.addHook('preClose', async () => {
    await diagnostics.drain();
    await mail.drain();
  });
}

export default fp(ticketsPlugin, {
  name: 'tickets',
  dependencies: ['database', 'fleet', 'files', 'live', 'mailer', 'clock'],
});
