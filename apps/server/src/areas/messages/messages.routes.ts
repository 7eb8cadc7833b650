import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMessageRequestSchema,
  deleteMessageRequestSchema,
  messageSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  SERIAL_CSV_MAX_BYTES,
  serialUploadListSchema,
  serialUploadQuerySchema,
  serialUploadReportSchema,
  updateMessageRequestSchema,
} from '@ed/contract/messages';
import { badRequest, HttpError } from '../../shared/http-error.js';
import { errorResponses } from '../../shared/route-schema.js';
import { parseSerialCsv } from './serial-csv.js';

const tags = ['messages'];
const config = { permission: 'messaging.use' as const };

/** Messaging (part 2 §7 Messages): admin and engineer, as in the menu. */
export default async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: SERIAL_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/read/messages/v1',
    {
      config,
      schema: {
        tags,
        summary: 'A page of messages in one disposition, newest first',
        description: 'filterIssuerUsername with invert=false: that issuer’s; with invert=true: everyone else’s.',
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { filterDisposition, filterIssuerUsername, invert, page } = req.query;
      return app.messages.list(
        { disposition: filterDisposition, issuerUsername: filterIssuerUsername || undefined, invert },
        page,
      );
    },
  );

  app.post(
    '/create/message/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Create a message; it starts as a draft of the caller',
        body: createMessageRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.messages.create(req.session!.user, req.body, app.clock()),
  );

  app.post(
    '/update/message/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a message and move it one step (save, submit or approve)',
        description:
          'draft → draft or pending approval (author only); pending approval → upcoming (approvers). Others: 409.',
        body: updateMessageRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => app.messages.update(req.session!.user, req.body, app.clock()),
  );

  app.post(
    '/delete/message/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a message (a draft only by its author)',
        body: deleteMessageRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => app.messages.remove(req.session!.user, req.body.id),
  );

  app.post(
    '/upload_serialnumbers',
    {
      config,
      schema: {
        tags,
        summary: 'Read serial numbers from a CSV file (multipart field "file")',
        description:
          `.csv only, at most ${SERIAL_CSV_MAX_BYTES / 1024} KB; blank lines and a header row are skipped, ` +
          'duplicates dropped, invalid serials left out. Answers the list of serial numbers (part 2 §7); with ' +
          '`report=true`, `{serialNumbers, invalid: [{line, value}], duplicates}` instead.',
        querystring: serialUploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([serialUploadListSchema, serialUploadReportSchema]),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, 'Send the CSV file as multipart/form-data in the field "file".');
      const file = await req.file();
      if (!file || file.fieldname !== 'file')
        throw badRequest('Choose a CSV file to upload in the field "file".', 'file');
      if (!/\.csv$/i.test(file.filename))
        throw badRequest(`Only .csv files are accepted; ${file.filename} is not one.`, 'file');
      const content = await file.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, `The file is larger than ${SERIAL_CSV_MAX_BYTES / 1024} KB.`);
        }
        throw err;
      });
      const report = parseSerialCsv(content);
      // The spec's client takes the bare list; the console asks for the report to say what was left out.
      return req.query.report ? report : report.serialNumbers;
    },
  );
}
