import { z } from 'zod';
import { TICKET_DISPOSITIONS } from './constants.js';
import { serialNumberSchema } from './device-protocol.js';
import { familySchema } from './families.js';
import { flagParam } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** Support tickets (part 1 §2, §3, §4, §7). */

const TICKET_TEXT_MAX = 4000;
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
const dispositionSchema = z.enum(TICKET_DISPOSITIONS, {
  error: `disposition must be one of ${TICKET_DISPOSITIONS.join(', ')}`,
});
export type Disposition = z.infer<typeof dispositionSchema>;

/** Part 1 §9's Yes/No answer lists: a boolean, or the answer's text; unanswered ('' or null) is null. */
const ANSWERS: Record<string, boolean | null> = { yes: true, true: true, no: false, false: false, '': null };
const yesNo = (name: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() in ANSWERS ? ANSWERS[v.trim().toLowerCase()] : v),
      z.boolean({ error: `${name} must be true or false (Yes or No)` }).nullable(),
    )
    .default(null);

/** The wizard's answers; no field is required (part 1 §5), so a Yes/No left unanswered is null. */
const problemFields = {
  originatorName: text('originatorName', 200),
  originatorEmail: text('originatorEmail', 200),
  techOnSite: yesNo('techOnSite'),
  exhibitingNow: yesNo('exhibitingNow'),
  reproducible: yesNo('reproducible'),
  disposition: z.preprocess((v) => (v === '' ? null : v), dispositionSchema.nullable()).default(null),
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
 * The unit's details a client sends with a ticket. The server copies them from the unit's record,
 * so any shape the original client used passes: part 1 §3 sends version as the semantic string
 * and specs as a name or 'unknown'; the unit's own objects ({semantic, meta}, {name, month, year})
 * and the decoded serial (an object) are accepted too.
 */
const copiedFromUnit = {
  version: z
    .union([z.string().max(64), z.object({ semantic: z.string().max(64), meta: z.string().max(64).nullish() })])
    .nullish(),
  specs: z.union([z.string().max(100), z.object({ name: z.string().max(100) }).loose()]).nullish(),
  connected: z.boolean().nullish(),
  family: familySchema.nullish(),
  model: z.union([z.string().max(100), z.object({}).loose()]).nullish(),
};

/** POST /create/ticket/v1 */
export const createTicketRequestSchema = z.object({
  issuerUsername: username,
  issuerEmail: z.string().trim().max(200).optional(),
  serialNumber: serialNumberSchema,
  ...copiedFromUnit,
  escalated: z.boolean().default(true),
  ...problemFields,
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

/**
 * The Support Ticket wizard's answers, as the request reads them: none is required (part 1 §5), a
 * Yes/No or disposition left unanswered ('') is sent as null.
 */
export const ticketFormSchema = z.object({
  ...problemFields,
  escalated: createTicketRequestSchema.shape.escalated,
});

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
  /** Part 1 §3's names: the name the file downloads as, and its thumbnail's (`url` + `&thumb=true`). */
  fileName: z.string(),
  thumbFileName: z.string(),
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

const ticketStatusSchema = z.enum(['open', 'closed']);

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
  page: pageSchema,
  filterSerialNumber: z
    .string()
    .trim()
    .max(9, 'filterSerialNumber is at most 9 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  /** Include closed tickets. */
  closed: flagParam('closed'),
  /** Only tickets the caller opened. */
  mine: flagParam('mine'),
  username: z.string().max(64).optional(),
});

export const ticketListResponseSchema = z.object({
  docs: z.array(ticketSummarySchema),
  totalDocs: z.number().int(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const ticketIdQuerySchema = z.object({ id: id('id') });
/** GET /api/v1/get_ticket_attachment?id[&thumb=true] */
export const attachmentDownloadQuerySchema = z.object({ id: id('id'), thumb: flagParam('thumb') });
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

/** The New Comment form: the request's text; an empty comment is not saved (part 1 §4). */
export const commentFormSchema = createCommentRequestSchema.pick({ text: true });

/** POST /upload_ticket_attachment?ticketId&authorUsername, multipart {file, description}. */
export const uploadAttachmentQuerySchema = z.object({ ticketId: id('ticketId'), authorUsername: username });

/** An attachment is a PNG or a JPEG: by its type, or by its name where the system gives no type. */
export const ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
const isAttachmentImage = (file: { name: string; type: string }): boolean =>
  (ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type) ||
  (file.type === '' && ATTACHMENT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext)));

/**
 * The New Attachment form (part 1 §5): the chosen file (null before one is), which must be a PNG or
 * JPEG, and a description, as the upload's multipart fields are checked.
 */
export const attachmentFormSchema = z.object({
  file: z.custom<File | null>().transform((file, ctx): File => {
    if (file && isAttachmentImage(file)) return file;
    const message = file ? `${file.name} is not a PNG or JPEG image: choose another file.` : 'Choose a file to attach.';
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }),
  description: z
    .string()
    .trim()
    .min(1, 'description is required')
    .max(ATTACHMENT_DESCRIPTION_MAX, `description is at most ${ATTACHMENT_DESCRIPTION_MAX} characters`),
});

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
