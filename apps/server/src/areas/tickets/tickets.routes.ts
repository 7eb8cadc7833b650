import multipart from '@fastify/multipart';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { TicketSummary } from '@ed/contract/tickets';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { sendStoredFile } from '../../shared/file-store/send-file.js';
import { assertOwnUsername } from '../../shared/own-username.js';
import { routesOf } from '../../shared/route-table.js';
import { readAttachmentUpload } from './attachment-upload.js';

/** The columns of the Support Tickets table (Actions aside), dates as ISO UTC. */
const TICKET_COLUMNS: CsvColumn<TicketSummary>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'Serial Number', value: (t) => t.serialNumber },
  { header: 'Status', value: (t) => t.status.toUpperCase() },
  { header: 'Escalated', value: (t) => (t.escalated ? 'yes' : 'no') },
  { header: 'Opened At (UTC)', value: (t) => t.createdAt },
  { header: 'Opened By', value: (t) => t.issuerUsername },
  { header: 'Closed By', value: (t) => t.closedByUsername },
  { header: "Caller's Name", value: (t) => t.originatorName },
];

/** The ticket calls of part 1 §7; each acts as the signed-in user. */
export default routesOf(ticketsRoutes, async (app) => {
  const maxBytes = app.config.ATTACHMENT_MAX_MB * 1024 * 1024;
  // Scoped to these routes: only the upload parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });
  return {
    getTicketHistory: async (req) => app.tickets.history(req.query.serialNumber),
    createTicket: async (req) => app.tickets.create(req.session, req.body),
    getTickets: async (req) => app.tickets.list(req.session, req.query),
    exportTickets: async (req, reply) =>
      sendCsv(reply, {
        fileName: 'support-tickets.csv',
        columns: TICKET_COLUMNS,
        source: app.tickets.exportSource(req.session, req.query),
        logger: req.log,
      }),
    getTicket: async (req) => app.tickets.read(req.query.id),
    escalateTicket: async (req) => app.tickets.setEscalated(req.session, req.body.id, true),
    deescalateTicket: async (req) => app.tickets.setEscalated(req.session, req.body.id, false),
    closeTicket: async (req) => app.tickets.close(req.session, req.body.id, req.body.username),
    createComment: async (req) => app.tickets.comment(req.session, req.body),
    uploadAttachment: async (req) => {
      assertOwnUsername(req.session, req.query.authorUsername);
      await app.tickets.assertOpen(req.query.ticketId);
      const upload = await readAttachmentUpload(req, app.config.ATTACHMENT_MAX_MB);
      return app.tickets.attach(req.session, { ...req.query, ...upload });
    },
    getAttachment: async (req, reply) => {
      const { key, fileName, mimeType } = await app.tickets.download(req.query.id, req.query.thumb);
      return sendStoredFile(req, reply, app.files, key, { contentType: mimeType, downloadName: fileName });
    },
  };
});
