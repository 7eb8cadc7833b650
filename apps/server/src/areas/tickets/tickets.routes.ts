import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attachmentDownloadQuerySchema,
  attachmentSchema,
  closeTicketRequestSchema,
  commentSchema,
  createCommentRequestSchema,
  createTicketRequestSchema,
  ticketHistoryQuerySchema,
  ticketHistoryResponseSchema,
  ticketIdQuerySchema,
  ticketIdRequestSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketSchema,
  ticketSummarySchema,
  uploadAttachmentQuerySchema,
} from '@ed/contract/tickets';
import { sendStoredFile } from '../../shared/file-store/send-file.js';
import { assertOwnUsername } from '../../shared/own-username.js';
import { errorResponses } from '../../shared/route-schema.js';
import { readAttachmentUpload } from './attachment-upload.js';

/** The ticket calls of part 1 §7; each acts as the signed-in user. */
export default async function ticketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['tickets'];
  const maxBytes = app.config.ATTACHMENT_MAX_MB * 1024 * 1024;
  // Scoped to these routes: only the upload parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });

  app.get(
    '/read/ticketHistory/v1',
    {
      schema: {
        tags,
        summary: 'A unit’s tickets, newest first, each with its comments',
        querystring: ticketHistoryQuerySchema,
        response: { 200: ticketHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => app.tickets.history(req.query.serialNumber),
  );

  app.post(
    '/create/ticket/v1',
    {
      schema: {
        tags,
        summary: 'Open a ticket on a unit; its details are copied from the unit’s record',
        description: 'issuerUsername must be the caller’s own. While escalated (the default), engineering is mailed.',
        body: createTicketRequestSchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => app.tickets.create(req.session!, req.body),
  );

  app.get(
    '/read/tickets/v1',
    {
      schema: {
        tags,
        summary: 'A page of 10 tickets, newest first',
        description: '`closed=true` includes closed tickets; `mine=true` keeps only the caller’s own.',
        querystring: ticketListQuerySchema,
        response: { 200: ticketListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.tickets.list(req.session!, req.query),
  );

  app.get(
    '/read/ticket/v1',
    {
      schema: {
        tags,
        summary: 'One ticket with its comments and attachments',
        querystring: ticketIdQuerySchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => app.tickets.read(req.query.id),
  );

  for (const [url, escalated] of [
    ['/update/ticket_escalated/v1', true],
    ['/update/ticket_deescalated/v1', false],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: escalated ? 'Escalate an open ticket (engineering is mailed)' : 'De-escalate an open ticket',
          body: ticketIdRequestSchema,
          response: { 200: ticketSummarySchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => app.tickets.setEscalated(req.session!, req.body.id, escalated),
    );
  }

  app.post(
    '/update/ticket_closed/v1',
    {
      schema: {
        tags,
        summary: 'Close an open ticket; closing is final',
        body: closeTicketRequestSchema,
        response: { 200: ticketSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => app.tickets.close(req.session!, req.body.id, req.body.username),
  );

  app.post(
    '/create/comment/v1',
    {
      schema: {
        tags,
        summary: 'Comment on an open ticket',
        body: createCommentRequestSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => app.tickets.comment(req.session!, req.body),
  );

  app.post(
    '/upload_ticket_attachment',
    {
      schema: {
        tags,
        summary: 'Attach a PNG or JPEG image to an open ticket',
        description: `multipart/form-data with \`file\` and \`description\`. The type is read from the bytes; at most ATTACHMENT_MAX_MB (413 above).`,
        querystring: uploadAttachmentQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: attachmentSchema, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415, 507) },
      },
    },
    async (req) => {
      assertOwnUsername(req.session!, req.query.authorUsername);
      await app.tickets.assertOpen(req.query.ticketId);
      const upload = await readAttachmentUpload(req, app.config.ATTACHMENT_MAX_MB);
      return app.tickets.attach(req.session!, { ...req.query, ...upload });
    },
  );

  app.get(
    '/api/v1/get_ticket_attachment',
    {
      schema: {
        tags,
        summary: 'Download an attachment file (or, with thumb=true, its thumbnail)',
        querystring: attachmentDownloadQuerySchema,
        produces: ['image/png', 'image/jpeg'],
        response: { ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { key, fileName, mimeType } = await app.tickets.download(req.query.id, req.query.thumb);
      return sendStoredFile(req, reply, app.files, key, { contentType: mimeType, downloadName: fileName });
    },
  );
}
