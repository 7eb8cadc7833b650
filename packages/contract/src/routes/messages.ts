import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { defineRoutes } from '../http-api.js';
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
} from '../messages.js';

const tag = 'messages';
const access = { permission: 'messaging.use' } as const;

/** Messaging (part 2 §7 Messages): admin and engineer, as in the menu. */
export const messagesRoutes = defineRoutes({
  getMessages: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/messages/v1',
    tag,
    access,
    summary: 'A page of messages in one disposition, newest first',
    description: 'filterIssuerUsername with invert=false: that issuer’s; with invert=true: everyone else’s.',
    query: messagesQuerySchema,
    ok: { 200: messagesResponseSchema },
    errors: [400, 401, 403],
  },
  exportMessages: {
    method: 'GET',
    path: '/export/messages/v1',
    tag,
    access,
    summary: exportSummary('The messages of one disposition'),
    query: messagesQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  createMessage: {
    method: 'POST',
    path: '/create/message/v1',
    tag,
    access,
    summary: 'Create a message; it starts as a draft of the caller',
    body: createMessageRequestSchema,
    ok: { 200: messageSchema },
    errors: [400, 401, 403],
  },
  updateMessage: {
    method: 'POST',
    path: '/update/message/v1',
    tag,
    access,
    handlerRules: {
      approve: { permission: 'messages.approve', when: 'the message moves to upcoming (approval)' },
      approveOwn: {
        permission: 'messages.approveOwn',
        when: 'the caller approves a message they wrote (kept in the audit log)',
      },
    },
    summary: 'Edit a message and move it one step (save, submit or approve)',
    description:
      'draft → draft or pending approval (author only); pending approval → upcoming (approvers). Others: 409.',
    body: updateMessageRequestSchema,
    ok: { 200: messageSchema },
    errors: [400, 401, 403, 404, 409],
  },
  deleteMessage: {
    method: 'POST',
    path: '/delete/message/v1',
    tag,
    access,
    summary: 'Delete a message (a draft only by its author)',
    body: deleteMessageRequestSchema,
    ok: { 200: messageSchema },
    errors: [400, 401, 403, 404, 409],
  },
  uploadSerialNumbers: {
    method: 'POST',
    path: '/upload_serialnumbers',
    tag,
    access,
    summary: 'Read serial numbers from a CSV file (multipart field "file")',
    description:
      `.csv only, at most ${SERIAL_CSV_MAX_BYTES / 1024} KB; blank lines and a header row are skipped, ` +
      'duplicates dropped, invalid serials left out. Answers the list of serial numbers (part 2 §7); with ' +
      '`report=true`, `{serialNumbers, invalid: [{line, value}], duplicates}` instead.',
    query: serialUploadQuerySchema,
    encoding: 'multipart',
    consumes: ['multipart/form-data'],
    ok: { 200: z.union([serialUploadListSchema, serialUploadReportSchema]) },
    errors: [400, 401, 403, 413, 415],
  },
});
