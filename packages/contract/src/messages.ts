import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { countOf } from './count-text.js';
import { ACROSS_FIELDS } from './form-inputs.js';
import { dayRangeSchema } from './schedule.js';
import { dateInput, flagParam } from './spec-inputs.js';
import { viewChoiceSchema, viewIdSchema } from './saved-views.js';
import { pageSchema } from './paging.js';

/** Part 2 §9 limits. */
export const MESSAGE_LIMITS = { header: 75, body: 200, callToAction: 200 } as const;
export const MESSAGE_SOFTWARE_VERSION = 'all';
/** CSV upload of serial numbers (the spec gives no caps; docs/decisions.md says why these). */
export const SERIAL_CSV_MAX_BYTES = 256 * 1024;
export const SERIAL_CSV_MAX_ROWS = 5_000;

const DISPOSITIONS = ['draft', 'pending approval', 'upcoming', 'active', 'completed', 'deleted'] as const;
const dispositionSchema = z.enum(DISPOSITIONS);
export type Disposition = z.infer<typeof dispositionSchema>;

/**
 * The disposition flow (part 2 §4, docs/decisions.md): what an edit may move a message to.
 * Upcoming → active → completed are the server's timed job; Delete is its own call.
 */
export const EDIT_TRANSITIONS: Readonly<Record<Disposition, readonly Disposition[]>> = {
  draft: ['draft', 'pending approval'],
  'pending approval': ['upcoming'],
  upcoming: [],
  active: [],
  completed: [],
  deleted: [],
};

export const mayMoveByEdit = (from: Disposition, to: Disposition): boolean => EDIT_TRANSITIONS[from].includes(to);

const text = (field: string, max: number) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is at most ${max} characters`);

const messageScheduleSchema = z.object({
  startDate: dateInput('schedule.startDate must be a date'),
  endDate: dateInput('schedule.endDate must be a date'),
});

/** The market, or '' for none: a message to a saved view goes to the view's units and needs none. */
const marketSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, 'targets.market must be a two-letter country code')
  .default('');
export const MARKET_OR_VIEW_TEXT = 'targets.market is required (or viewId, a saved view)';

const serialListSchema = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{8,9}$/, 'targets.serialNumbers holds an invalid serial number'),
  )
  .max(SERIAL_CSV_MAX_ROWS);

const messageContentSchema = z.object({
  schedule: messageScheduleSchema,
  header: text('header', MESSAGE_LIMITS.header),
  body: text('body', MESSAGE_LIMITS.body),
  callToAction: text('callToAction', MESSAGE_LIMITS.callToAction),
  issuerUsername: z.string().optional(),
  issuerEmail: z.string().optional(),
});

export const LIST_OR_VIEW_TEXT = 'Target a serial-number list or a saved view, not both.';

/**
 * POST /create/message/v1: a new message is always a draft of the caller. Its audience is the
 * serial list when it has one, else the saved view's units (`viewId`, beyond the spec), else the market.
 */
export const createMessageRequestSchema = messageContentSchema.extend({
  targets: z
    .object({
      market: marketSchema,
      softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION).default(MESSAGE_SOFTWARE_VERSION),
      serialNumbers: serialListSchema.default([]),
      viewId: viewIdSchema.nullish().transform((id) => id ?? null),
    })
    .refine((t) => !(t.viewId && t.serialNumbers.length > 0), { error: LIST_OR_VIEW_TEXT, path: ['viewId'] })
    .refine((t) => t.market !== '' || t.viewId !== null, { error: MARKET_OR_VIEW_TEXT, path: ['market'] }),
  disposition: z.literal('draft', { error: 'a new message is a draft' }).default('draft'),
});
export type CreateMessageRequest = z.input<typeof createMessageRequestSchema>;

/**
 * POST /update/message/v1; serialNumbers or viewId absent keeps it, a null viewId clears it. No
 * market is for a message to a saved view only: the service checks it against the view kept.
 */
export const updateMessageRequestSchema = z.object({
  id: z.coerce.number().int().min(1).max(INT32_MAX),
  payload: messageContentSchema.extend({
    targets: z.object({
      market: marketSchema,
      softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION).default(MESSAGE_SOFTWARE_VERSION),
      serialNumbers: serialListSchema.optional(),
      viewId: viewIdSchema.nullish(),
    }),
    disposition: dispositionSchema,
  }),
});
export type UpdateMessageRequest = z.input<typeof updateMessageRequestSchema>;

/** A field of the message form: 'Required' while blank, as the dialog says, then the request's rule. */
const filled = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .refine((text) => text.trim() !== '', { error: 'Required' })
    .pipe(schema);

/**
 * The Create New Message and edit wizards' form (part 2 §5): the time period as days, the texts,
 * the market chosen in the form (none when a saved view is the target), and the serial numbers of
 * an uploaded CSV.
 */
export const messageFormSchema = z
  .object({
    period: dayRangeSchema,
    header: filled(messageContentSchema.shape.header),
    body: filled(messageContentSchema.shape.body),
    callToAction: filled(messageContentSchema.shape.callToAction),
    market: marketSchema,
    serialNumbers: serialListSchema,
    viewId: viewChoiceSchema,
  })
  .refine((form) => !(form.viewId && form.serialNumbers.length > 0), { error: LIST_OR_VIEW_TEXT, path: ['viewId'] })
  // 'Required' while no view replaces it, as soon as the step shows (whatever else is still wrong).
  .refine((form) => form.market !== '' || typeof form.viewId === 'number', {
    error: 'Required',
    path: ['market'],
    ...ACROSS_FIELDS,
  });

export const deleteMessageRequestSchema = z.object({ id: z.coerce.number().int().min(1).max(INT32_MAX) });

export const messageSchema = z.object({
  id: z.number().int(),
  schedule: z.object({ startDate: z.iso.datetime(), endDate: z.iso.datetime() }),
  header: z.string(),
  body: z.string(),
  callToAction: z.string(),
  targets: z.object({
    market: z.string(),
    softwareVersion: z.string(),
    serialNumbers: z.array(z.string()),
    /** The saved view whose units it goes to (beyond the spec); null for none, or once the view is gone. */
    viewId: z.number().int().nullable(),
    viewName: z.string().nullable(),
  }),
  issuerUsername: z.string(),
  issuerEmail: z.string(),
  disposition: dispositionSchema,
  deliveredCount: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesQuerySchema = z.object({
  page: pageSchema,
  filterIssuerUsername: z.string().trim().max(64).optional(),
  invert: flagParam('invert'),
  filterDisposition: dispositionSchema,
});

export const messagesResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(messageSchema) });
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** POST /upload_serialnumbers answers the list of serial numbers (part 2 §7). */
export const serialUploadListSchema = z.array(z.string());

/** With `?report=true`: the list and what was left out, lines of invalid values (at most 100) and duplicates. */
export const serialUploadReportSchema = z.object({
  serialNumbers: z.array(z.string()),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string() })),
  duplicates: z.number().int(),
});
export type SerialUploadReport = z.infer<typeof serialUploadReportSchema>;

export const serialUploadQuerySchema = z.object({
  report: z
    .enum(['true', 'false', '1', '0', ''], { error: 'report must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});

/** "1 duplicate removed", "3 duplicates removed": the upload's report in words. */
export function serialUploadNotice(report: SerialUploadReport): string {
  const parts: string[] = [];
  if (report.duplicates > 0) {
    parts.push(`${countOf(report.duplicates, 'duplicate')} removed.`);
  }
  if (report.invalid.length > 0) {
    const lines = report.invalid.map((i) => `line ${i.line} "${i.value}"`).join(', ');
    const what = report.invalid.length === 1 ? 'Invalid serial number left out' : 'Invalid serial numbers left out';
    parts.push(`${what}: ${lines}.`);
  }
  return parts.join(' ');
}

/** The seven tabs of part 2 §2 and the list query each sends. */
export const MESSAGE_TABS = [
  { key: 'myDrafts', label: 'My Drafts', disposition: 'draft', mine: true },
  { key: 'otherDrafts', label: 'Other Drafts', disposition: 'draft', mine: false },
  { key: 'pending', label: 'Pending Approval', disposition: 'pending approval' },
  { key: 'upcoming', label: 'Upcoming', disposition: 'upcoming' },
  { key: 'active', label: 'Active', disposition: 'active' },
  { key: 'completed', label: 'Completed', disposition: 'completed' },
  { key: 'deleted', label: 'Deleted', disposition: 'deleted' },
] as const satisfies readonly { key: string; label: string; disposition: Disposition; mine?: boolean }[];
