import { z } from 'zod';
import { FAMILIES } from './families.js';
import { verificationSchema } from './release-verification.js';
import { specManifestSchema, updatePathSchema } from './software.js';
import { listOrCommaText } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** Spec releases (part 2 §2, §3, §7). */
export const SPEC_TARGET_FAMILIES = ['all', ...FAMILIES] as const;
const specTargetFamilySchema = z.enum(SPEC_TARGET_FAMILIES);

/** Spec defaults (part 2 §9). */
export const SPEC_DEFAULTS = { targetFamily: 'all', filter: ['*'], active: true } as const;

/** A serial-number pattern of a spec filter; '*' alone means every unit. */
const specFilterEntrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9*?]{1,16}$/, 'each filter entry is a serial number pattern of letters, digits, * and ?');
const specFilterSchema = z.array(specFilterEntrySchema).min(1, 'the filter must not be empty').max(1000);

/** The comma-separated filter of the dialogs, parsed; null when it is not valid (Confirm stays hidden). */
function parseSpecFilter(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const parsed = specFilterSchema.safeParse(entries);
  return parsed.success ? parsed.data : null;
}

/** What the dialogs say under a filter that is not valid, whatever is wrong with it. */
const SPEC_FILTER_PROBLEM = 'Enter at least one serial number pattern';

/**
 * The Create and Edit Spec Update form: the path (validated by the server first), the release's
 * switches, and the comma-separated filter read as parseSpecFilter reads it.
 */
export const specUpdateFormSchema = z.object({
  path: updatePathSchema,
  active: z.boolean(),
  targetFamily: specTargetFamilySchema,
  filter: z.string().transform((text, ctx): string[] => {
    const filter = parseSpecFilter(text);
    if (filter) return filter;
    ctx.addIssue({ code: 'custom', message: SPEC_FILTER_PROBLEM });
    return z.NEVER;
  }),
});

const specVersionSchema = specManifestSchema.shape.version;
const prerequisitesSchema = z.object({
  require: z.string().nullable(),
  gtpsRequire: z.string().nullable(),
  oasisRequire: z.string().nullable(),
});
const prerequisitesInput = z
  .object({
    require: z.string().max(32).nullish(),
    gtpsRequire: z.string().max(32).nullish(),
    oasisRequire: z.string().max(32).nullish(),
  })
  .nullish();
/** The filter as a list (part 2 §7) or as the dialog's comma-separated text. */
const filterInput = listOrCommaText(specFilterSchema, 'filter');

export const validatedSpecManifestSchema = z.object({
  version: z.object({ name: z.string(), month: z.number().int(), year: z.number().int() }),
  prerequisites: prerequisitesSchema,
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
  path: z.string(),
  verification: verificationSchema,
});
export type ValidatedSpecManifest = z.infer<typeof validatedSpecManifestSchema>;

export const createSpecUpdateRequestSchema = z.object({
  path: updatePathSchema,
  version: specVersionSchema,
  prerequisites: prerequisitesInput,
  active: z.boolean().default(true),
  targetFamily: specTargetFamilySchema.default('all'),
  filter: filterInput,
});
export type CreateSpecUpdateRequest = z.input<typeof createSpecUpdateRequestSchema>;

export const updateSpecUpdateRequestSchema = z.object({
  path: updatePathSchema,
  version: specVersionSchema.nullish(),
  active: z.boolean(),
  targetFamily: specTargetFamilySchema,
  filter: filterInput,
});
export type UpdateSpecUpdateRequest = z.input<typeof updateSpecUpdateRequestSchema>;

export const specUpdateSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  version: z.object({ name: z.string(), month: z.number().int(), year: z.number().int() }),
  prerequisites: prerequisitesSchema,
  active: z.boolean(),
  targetFamily: specTargetFamilySchema,
  filter: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SpecUpdate = z.infer<typeof specUpdateSchema>;

export const specUpdatesQuerySchema = z.object({ page: pageSchema });
export const specUpdatesResponseSchema = z.object({ docs: z.array(specUpdateSchema), totalDocs: z.number().int() });
