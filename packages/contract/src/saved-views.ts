import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { familySchema } from './families.js';

/**
 * Saved views (dynamic groups): an equipment-list filter kept under a name. Members are found
 * when the view is used (a count, a rollout's start), never copied, so a unit that starts to
 * match belongs from then on.
 */
export const SAVED_VIEWS_MAX = 200;
const SAVED_VIEW_NAME_MAX = 60;

const text = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filter: every field narrows; an empty filter is the whole fleet. */
export const viewFilterSchema = z.object({
  /** Serial numbers: '*' any run, '?' one character, else contains; several separated by commas. */
  serialNumber: text('serialNumber', 200).transform((v) => v?.toUpperCase()),
  /** One letter: countries starting with it; two: that country. */
  countryCode: text('countryCode', 2)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z]{1,2}$/, 'countryCode must be letters')
        .optional(),
    )
    .transform((v) => v?.toUpperCase()),
  /** Software version prefix, e.g. "5." or "5.3.1". */
  softwareVersion: text('softwareVersion', 32),
  family: familySchema.optional(),
  /** Only units connected now (true) or offline now (false). */
  connected: z.boolean().optional(),
  /** The units on this user's radar (their favorites). */
  radarOf: text('radarOf', 64),
});

/** The filter as answered (stored normalized; a response schema has no transforms). */
const storedViewFilterSchema = z.object({
  serialNumber: z.string().optional(),
  countryCode: z.string().optional(),
  softwareVersion: z.string().optional(),
  family: familySchema.optional(),
  connected: z.boolean().optional(),
  radarOf: z.string().optional(),
});

/** A filter as the server keeps it (its fields normalized). */
export type ViewFilter = z.output<typeof storedViewFilterSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  shared: z.boolean(),
  filter: storedViewFilterSchema,
  /** Units matching now. */
  members: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsResponseSchema = z.object({ views: z.array(savedViewSchema) });

const name = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_VIEW_NAME_MAX, `Name is at most ${SAVED_VIEW_NAME_MAX} characters`);

export const createSavedViewSchema = z.object({
  name,
  shared: z.boolean().default(false),
  filter: viewFilterSchema,
});
export const updateSavedViewSchema = createSavedViewSchema.extend({
  id: z.coerce.number().int().positive().max(INT32_MAX),
});
export const savedViewIdSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

/** The Save view form. */
export const savedViewFormSchema = z.object({ name, shared: z.boolean() });

/** A filter in words, for a list's chips and a rollout's target. */
export function describeFilter(filter: ViewFilter): string {
  const parts: string[] = [];
  if (filter.family) parts.push(filter.family);
  if (filter.countryCode) parts.push(`country ${filter.countryCode}${filter.countryCode.length === 1 ? '…' : ''}`);
  if (filter.softwareVersion) parts.push(`version ${filter.softwareVersion}…`);
  if (filter.serialNumber) parts.push(`serial ${filter.serialNumber}`);
  if (filter.connected !== undefined) parts.push(filter.connected ? 'connected' : 'offline');
  if (filter.radarOf) parts.push(`on ${filter.radarOf}'s radar`);
  return parts.length > 0 ? parts.join(', ') : 'all units';
}

/** A saved view named as the target of a message, notification or schedule. */
export const viewIdSchema = z.coerce
  .number({ error: 'viewId must be the id of a saved view' })
  .int('viewId must be the id of a saved view')
  .min(1, 'viewId must be the id of a saved view')
  .max(INT32_MAX, 'viewId must be the id of a saved view');

/** A form's "Saved view" select: '' (or null) is none. */
export const viewChoiceSchema = z
  .union([z.literal(''), z.number().int().min(1)])
  .nullish()
  .transform((value) => (typeof value === 'number' ? value : null));
