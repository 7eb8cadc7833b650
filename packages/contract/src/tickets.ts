import { z } from 'zod';
import { TICKET_DISPOSITIONS } from './constants.js';
import { serialNumberSchema } from './device-protocol.js';
import { softwareVersionSchema } from './equipment.js';
import { familySchema } from './families.js';

/** Support tickets (part 1 §2, §3, §4, §7). */

export const TICKET_TEXT_MAX = 4000;
export const COMMENT_TEXT_MAX = 4000;
export const ATTACHMENT_DESCRIPTION_MAX = 500;
export const ATTACHMENT_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/** Messages a user sees when a closed ticket is asked to change. */
export const TICKET_CLOSED_MESSAGE = (id: number) => `Ticket ${id} is closed; a closed ticket cannot change.`;

const text = (name: string, max = TICKET_TEXT_MAX) =>
  z.string().trim().max(max, `${name} is at most ${max} characters`).default('');
const username = z.string().trim().min(1, 'a username is required').max(64);
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1)
    .max(2 ** 31 - 1);
const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const dispositionSchema = z.enum(TICKET_DISPOSITIONS, {
  error: `disposition must be one of ${TICKET_DISPOSITIONS.join(', ')}`,
});
export type Disposition = z.infer<typeof dispositionSchema>;

/** The wizard's answers; no field is required (part 1 §5), so a Yes/No left unanswered is null. */
const problemFields = {
  originatorName: text('originatorName', 200),
  originatorEmail: text('originatorEmail', 200),
  techOnSite: z.boolean().nullable().default(null),
  exhibitingNow: z.boolean().nullable().default(null),
  reproducible: z.boolean().nullable().default(null),
  disposition: dispositionSchema.nullable().default(null),
  inService: text('inService', 200),
  componentsReplaced: text('componentsReplaced'),
  description: text('description'),
  circumstance: text('circumstance'),
  attemptedResolution: text('attemptedResolution'),
  environment: text('environment'),
  other: text('other'),
  issueStartedOn: text('issueStartedOn', 200),
};

/**
 * POST /create/ticket/v1. The unit's details (version, specs, connected, family, model) are
 * accepted as the spec sends them, but the server copies them from the unit's record.
 */
export const createTicketRequestSchema = z.object({
  issuerUsername: username,
  issuerEmail: z.string().trim().max(200).optional(),
  serialNumber: serialNumberSchema,
  version: softwareVersionSchema.nullish(),
  specs: z.string().max(100).optional(),
  connected: z.boolean().optional(),
  family: familySchema.optional(),
  model: z.string().max(100).optional(),
  escalated: z.boolean().default(true),
  ...problemFields,
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  authorUsername: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type Comment = z.infer<typeof commentSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  authorUsername: z.string(),
  description: z.string(),
  mimeType: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The 102 px wide thumbnail, inline (an <img> cannot send the bearer token). */
  thumbnail: z.string(),
  /** The file itself: fetched with the bearer token, answered as a download. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const unitFields = {
  serialNumber: z.string(),
  version: z.string(),
  specs: z.string(),
  connected: z.boolean(),
  family: z.string(),
  model: z.string(),
};
const problemRead = {
  techOnSite: z.boolean().nullable(),
  exhibitingNow: z.boolean().nullable(),
  reproducible: z.boolean().nullable(),
  disposition: dispositionSchema.nullable(),
  inService: z.string(),
  componentsReplaced: z.string(),
  description: z.string(),
  circumstance: z.string(),
  attemptedResolution: z.string(),
  environment: z.string(),
  other: z.string(),
  issueStartedOn: z.string(),
};

export const ticketStatusSchema = z.enum(['open', 'closed']);

/** A row of the Support Tickets table. */
export const ticketSummarySchema = z.object({
  id: z.number().int(),
  ...unitFields,
  status: ticketStatusSchema,
  closed: z.boolean(),
  escalated: z.boolean(),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  issuerUsername: z.string(),
  issuerEmail: z.string(),
  closedByUsername: z.string().nullable(),
  originatorName: z.string(),
  originatorEmail: z.string(),
  ...problemRead,
  commentCount: z.number().int(),
  attachmentCount: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** GET /read/ticket/v1: the ticket with its comments and attachments, oldest first. */
export const ticketSchema = ticketSummarySchema.extend({
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /read/tickets/v1 */
export const ticketListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(1_000_000)
    .default(1),
  filterSerialNumber: z
    .string()
    .trim()
    .max(9, 'filterSerialNumber is at most 9 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  /** Include closed tickets. */
  closed: booleanParam.default(false),
  /** Only tickets the caller opened. */
  mine: booleanParam.default(false),
  username: z.string().max(64).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketListResponseSchema = z.object({
  docs: z.array(ticketSummarySchema),
  totalDocs: z.number().int(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const ticketIdQuerySchema = z.object({ id: id('id') });
export const ticketIdRequestSchema = z.object({ id: id('id') });
export const closeTicketRequestSchema = z.object({ id: id('id'), username });

export const createCommentRequestSchema = z.object({
  ticketId: id('ticketId'),
  authorUsername: username,
  text: z
    .string()
    .trim()
    .min(1, 'text: a comment cannot be empty')
    .max(COMMENT_TEXT_MAX, `text is at most ${COMMENT_TEXT_MAX} characters`),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;

/** POST /upload_ticket_attachment?ticketId&authorUsername, multipart {file, description}. */
export const uploadAttachmentQuerySchema = z.object({ ticketId: id('ticketId'), authorUsername: username });

/** GET /read/ticketHistory/v1: a unit's tickets, newest first, with the history names of §3. */
export const ticketHistoryQuerySchema = z.object({ serialNumber: serialNumberSchema });
export const ticketHistoryItemSchema = z.object({
  id: z.number().int(),
  ...unitFields,
  status: ticketStatusSchema,
  closed: z.boolean(),
  escalated: z.boolean(),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  openedBy: z.string(),
  closedByUsername: z.string().nullable(),
  callerName: z.string(),
  callerEmail: z.string(),
  ...problemRead,
  comments: z.array(commentSchema),
});
export type TicketHistoryItem = z.infer<typeof ticketHistoryItemSchema>;
export const ticketHistoryResponseSchema = z.array(ticketHistoryItemSchema);

/** The deep link an escalation mail carries and the Support Tickets screen opens. */
export const ticketDeepLink = (id: number) => `/SupportTickets?id=${id}`;
