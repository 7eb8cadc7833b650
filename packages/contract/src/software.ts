import { z } from 'zod';
import { softwareVersionSchema } from './equipment.js';
import { familySchema, type Family } from './families.js';
import { versionInput } from './spec-inputs.js';
import { parseVersion } from './versions.js';
import { verificationSchema } from './release-verification.js';
import { viewChoiceSchema, viewIdSchema } from './saved-views.js';

/**
 * Software updates (part 2 §3, §7): package manifests, update creation, staging and schedules.
 * Paths are relative to the server's UPDATES_DIR; the server checks where they resolve.
 */

export const MANIFEST_NOT_FOUND = 'MANIFEST_NOT_FOUND';
/** Part 2 §8, verbatim (two spaces after the first sentence). */
export const MANIFEST_NOT_FOUND_TEXT =
  'A manifest.json file was not found at the specified path.  Verify that the path you entered is correct or try a different path.';
export const NO_ALIGNERS_MATCH_TEXT = 'No aligners match your serial number pattern.  Please try a different search.';

const semanticSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => /^\d+\.\d+\.\d+$/.test(v) && parseVersion(v) !== null, 'must be a version like 5.2.0');

/** A file the manifest lists: a plain name inside the package folder. */
export const packageFileNameSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a listed file must be a plain file name inside the package folder')
  .refine((v) => v !== 'manifest.json', 'manifest.json lists the other files, not itself')
  .refine((v) => v !== 'release.json', 'release.json signs the other files and is not one of them');

/** At most this many files in a package, listed or found in its folder. */
export const PACKAGE_FILES_MAX = 64;
/**
 * `files` is this console's addition; the spec's manifest (part 2 §3) has none. Without it the
 * package is every regular file in its folder but the manifest (the server lists them).
 */
const filesSchema = z
  .array(packageFileNameSchema)
  .min(1, 'the manifest must list at least one file')
  .max(PACKAGE_FILES_MAX)
  .optional();

export const softwareManifestSchema = z.object({
  version: versionInput(semanticSchema),
  prerequisites: z
    .object({
      require: z
        .string()
        .max(32)
        .nullish()
        .transform((v) => v ?? null),
    })
    .default({ require: null }),
  family: familySchema.default('aligner'),
  files: filesSchema,
});
export type SoftwareManifest = z.infer<typeof softwareManifestSchema>;

/** The answer of a validate call: the manifest as read, with each listed file's size, and what was verified. */
export const validatedManifestSchema = z.object({
  version: softwareVersionSchema,
  prerequisites: z.object({ require: z.string().nullable() }),
  family: familySchema,
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
  path: z.string(),
  verification: verificationSchema,
});
export type ValidatedManifest = z.infer<typeof validatedManifestSchema>;

/** A month or year written as a number or as digits ("04"); the spec does not give the type. */
const wholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be ${min} to ${max}`)
      .max(max, `${name} must be ${min} to ${max}`),
  );

export const specManifestSchema = z.object({
  version: z.object({
    name: z.string({ error: 'version.name (the spec release’s name) is required' }).trim().min(1).max(64),
    month: wholeNumber('version.month', 1, 12),
    year: wholeNumber('version.year', 2000, 2100),
  }),
  prerequisites: z
    .object({
      require: z
        .string()
        .max(32)
        .nullish()
        .transform((v) => v ?? null),
      gtpsRequire: z
        .string()
        .max(32)
        .nullish()
        .transform((v) => v ?? null),
      oasisRequire: z
        .string()
        .max(32)
        .nullish()
        .transform((v) => v ?? null),
    })
    .default({ require: null, gtpsRequire: null, oasisRequire: null }),
  files: filesSchema,
});

export const updatePathSchema = z
  .string()
  .trim()
  .min(1, 'An update path is required')
  .max(512, 'An update path is at most 512 characters');
export const validateUpdateRequestSchema = z.object({ updatePath: updatePathSchema });

/** POST /create/update/v1 and the gtps and oasis variants: {version, prerequisite, family, path} (part 2 §7). */
export const createUpdateRequestSchema = z.object({
  version: versionInput(semanticSchema),
  /** The manifest's `prerequisites.require`, as the text or as the manifest's `prerequisites` object. */
  prerequisite: z
    .union([z.string().max(32), z.object({ require: z.string().max(32).nullish() })], {
      error: 'prerequisite must be a version text or {require}',
    })
    .nullish()
    .transform((v) => (typeof v === 'object' && v !== null ? (v.require ?? null) : (v ?? null))),
  family: familySchema.default('aligner'),
  path: updatePathSchema,
});

export const softwareUpdateSchema = z.object({
  id: z.number().int(),
  family: familySchema,
  version: softwareVersionSchema,
  prerequisite: z.string().nullable(),
  path: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
  isLatest: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SoftwareUpdate = z.infer<typeof softwareUpdateSchema>;

/** Stage calls of part 1 §7: serialNumber, version {semantic, meta}, path (the release's, as latest_*_version gives it). */
export const stageRequestSchema = z.object({
  serialNumber: z.string().trim().toUpperCase().min(1).max(16),
  version: versionInput(semanticSchema),
  path: z.string().max(512).nullish(),
});
export const stageResponseSchema = z.object({
  serialNumber: z.string(),
  version: softwareVersionSchema,
  stagedAt: z.iso.datetime(),
});
export const unstageRequestSchema = z.object({ serialNumber: z.string().trim().toUpperCase().min(1).max(16) });
export const unstageResponseSchema = z.object({ serialNumber: z.string(), unstaged: z.string() });

/** The staging calls of part 1 §7, one set per family. */
export const STAGING_ROUTES: { family: Family; stage: string; unstage: string; create: string; validate: string }[] = [
  {
    family: 'aligner',
    stage: '/create/immediate_stage_of_software_update/v1',
    unstage: '/delete/immediate_unstage_of_software_update/v1',
    create: '/create/update/v1',
    validate: '/validate_software_update_at_path/v1',
  },
  {
    family: 'gtps',
    stage: '/create/immediate_stage_of_gtps_software_update/v1',
    unstage: '/delete/immediate_unstage_of_gtps_software_update/v1',
    create: '/create/gtps_update/v1',
    validate: '/validate_gtps_software_update_at_path/v1',
  },
  {
    family: 'aligner-oasis',
    stage: '/create/immediate_stage_of_oasis_software_update/v1',
    unstage: '/delete/immediate_unstage_of_oasis_software_update/v1',
    create: '/create/oasis_update/v1',
    validate: '/validate_oasis_software_update_at_path/v1',
  },
];

/** Schedules (part 2 §7). */
const serialPatternSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'filterSerialNumber is required')
  .max(200)
  .regex(
    /^[A-Z0-9*?]+( *, *[A-Z0-9*?]+)*$/,
    'filterSerialNumber may hold letters, digits, * and ?, several separated by commas',
  );
export const PATTERN_OR_VIEW_TEXT = 'filterSerialNumber and viewId (a saved view) cannot be used together';
/**
 * The aligners of a pattern, or (beyond the spec) of a saved view: at most one of the two. The
 * spec makes both optional; without either, every aligner (the first 500 by serial number).
 */
export const serialSearchQuerySchema = z.object({
  filterSerialNumber: serialPatternSchema.optional(),
  viewId: viewIdSchema.optional(),
});
export const serialListSchema = z.array(z.string());

export const SCHEDULE_UNITS_MAX = 10_000;
export const SERIALS_OR_VIEW_TEXT = 'serialNumbers must name at least one unit (or viewId, a saved view)';
/** A schedule names its aligners, or (beyond the spec) a saved view whose aligners it takes when created. */
export const createScheduleRequestSchema = z.object({
  serialNumbers: z.array(z.string().trim().toUpperCase().min(1).max(16)).max(SCHEDULE_UNITS_MAX).default([]),
  viewId: viewIdSchema.optional(),
  version: versionInput(semanticSchema),
  path: z.string().max(512).nullish(),
  /** The day to stage on: YYYY-MM-DD or an ISO date-time, with or without an offset (its UTC day counts). */
  date: z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
    error: 'date must be a day (YYYY-MM-DD) or an ISO date-time',
  }),
});
export type CreateScheduleRequest = z.input<typeof createScheduleRequestSchema>;

/** The Schedule Aligner Updates form: the serial pattern searched for, and the day to stage on. */
export const scheduleFormSchema = z
  .object({
    pattern: z.string(),
    /** A saved view searched in place of the pattern. */
    viewId: viewChoiceSchema,
    date: createScheduleRequestSchema.shape.date,
  })
  .superRefine((form, ctx) => {
    if (form.viewId !== null) return;
    // The screen's words for the field it labels, not the API's parameter name.
    const problem = serialPatternSchema.safeParse(form.pattern).error?.issues[0];
    if (!problem) return;
    const message =
      form.pattern.trim() === ''
        ? 'Type a serial number pattern, or choose a saved view.'
        : problem.code === 'too_big'
          ? 'A serial number pattern is at most 200 characters.'
          : 'A serial number pattern holds letters, digits, * and ?; separate several with commas.';
    ctx.addIssue({ code: 'custom', message, path: ['pattern'] });
  });

/** Units a schedule leaves out: those with a schedule still to run, and those already on the version. */
export const scheduleLeftOutSchema = z.object({
  alreadyScheduled: z.array(z.object({ serialNumber: z.string(), date: z.iso.date(), semantic: z.string() })),
  alreadyOnVersion: z.array(z.string()),
});
export type ScheduleLeftOut = z.infer<typeof scheduleLeftOutSchema>;
export const scheduleConflictsQuerySchema = serialSearchQuerySchema.extend({
  semantic: semanticSchema,
});
export const createScheduleResponseSchema = z.object({
  id: z.number().int(),
  date: z.iso.date(),
  count: z.number().int(),
  version: softwareVersionSchema,
  leftOut: scheduleLeftOutSchema,
});

export const scheduleByDaySchema = z.array(
  z.object({
    _id: z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() }),
    count: z.number().int(),
  }),
);
export type ScheduleByDay = z.infer<typeof scheduleByDaySchema>;

/** Colour of a day's load in the Schedule dialog (part 2 §9). */
export function scheduleLoadColor(count: number): 'green' | 'yellow' | 'red' {
  if (count <= 10) return 'green';
  if (count <= 20) return 'yellow';
  return 'red';
}
