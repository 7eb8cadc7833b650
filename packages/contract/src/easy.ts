import { z } from 'zod';
import { ACROSS_FIELDS, chosen, piped } from './form-inputs.js';
import { pageSchema } from './paging.js';

/** EZ ADAS subscription packages (part 2 §3, §9): the index is what units and calls carry. */
export const EZ_PACKAGES = [
  { index: 0, name: 'Included' },
  { index: 1, name: 'Limited' },
  { index: 4, name: 'Premium + VAG' },
] as const;
export const INCLUDED_PACKAGE = 0;

export function ezPackageName(index: number | null | undefined): string | null {
  return EZ_PACKAGES.find((p) => p.index === index)?.name ?? null;
}

const PACKAGE_INDEXES = EZ_PACKAGES.map((p) => p.index) as number[];
const ezPackageIndexSchema = z.coerce
  .number({ error: 'package must be a number' })
  .int('package must be a whole number')
  .refine((n) => PACKAGE_INDEXES.includes(n), {
    message: `package must be one of ${EZ_PACKAGES.map((p) => `${p.index} (${p.name})`).join(', ')}`,
  });

/** Fixture serial numbers: letters, digits and dashes as printed on the fixture. */
const fixtureSerialSchema = z
  .string({ error: 'serialNumber is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'serialNumber must be 3 to 32 letters, digits or dashes');

export const ezPageQuerySchema = z.object({
  page: pageSchema,
});

/** GET /api/v1/ez_get_fixtures */
export const fixturesQuerySchema = ezPageQuerySchema.extend({
  filterSerialNumber: z
    .string()
    .trim()
    .max(32, 'filterSerialNumber is at most 32 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
});

export const fixtureSchema = z.object({
  serialNumber: z.string(),
  activationCount: z.number().int(),
  subscriptionPackage: z.number().int(),
  /** End of the subscription; null for Included, which does not expire. */
  subscriptionExpires: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Fixture = z.infer<typeof fixtureSchema>;
export const fixturesResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(fixtureSchema) });

export const fixtureRequestSchema = z.object({ serialNumber: fixtureSerialSchema });

const datePart = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be ${min} to ${max}`)
    .max(max, `${name} must be ${min} to ${max}`);

/** POST /api/v1/ez_create_subscription; month is 1 to 12. No date means one year from today. */
export const subscriptionRequestSchema = z.object({
  serialNumber: fixtureSerialSchema,
  package: ezPackageIndexSchema,
  month: datePart('month', 1, 12).nullish(),
  day: datePart('day', 1, 31).nullish(),
  year: datePart('year', 2000, 9999).nullish(),
});
export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

/** A day as a date input gives it (YYYY-MM-DD), and today in the browser's calendar. */
const isoDay = z.iso.date();
const localToday = (now = new Date()) =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');

/**
 * The Modify Subscription form: a package, and for any but Included an expiry day from today on
 * (the dialog's date input); the request takes the day as month, day and year.
 */
export const subscriptionFormSchema = z
  .object({ package: ezPackageIndexSchema, expires: z.string() })
  .superRefine(({ package: index, expires }, ctx) => {
    if (index !== INCLUDED_PACKAGE && !(isoDay.safeParse(expires).success && expires >= localToday())) {
      ctx.addIssue({ code: 'custom', path: ['expires'], message: 'Choose a date from today on.' });
    }
  }, ACROSS_FIELDS)
  .transform(({ package: index, expires }) => {
    if (index === INCLUDED_PACKAGE) return { package: index };
    const [year, month, day] = expires.split('-').map(Number);
    return { package: index, month, day, year };
  });

/** GET /api/v1/ez_get_targets */
export const targetSchema = z.object({
  targetName: z.string(),
  targetId: z.number().int(),
  packageName: z.string(),
  packageIndex: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Target = z.infer<typeof targetSchema>;
export const targetsResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(targetSchema) });

const targetNameSchema = z
  .string({ error: 'targetName is required' })
  .trim()
  .min(1, 'targetName is required')
  .max(64, 'targetName is at most 64 characters');

/** Create Target's rule (part 2 §5): a whole number of 0 or more. */
const targetIdSchema = z.coerce
  .number({ error: 'targetId must be a number' })
  .int('targetId must be a whole number')
  .min(0, 'targetId must be 0 or more')
  .max(2_147_483_647, 'targetId is too large');

/** POST /api/v1/create_ez_target and /api/v1/update_ez_target: the name must match the index. */
export const targetRequestSchema = z
  .object({
    targetName: targetNameSchema,
    targetId: targetIdSchema,
    packageName: z.string({ error: 'packageName is required' }),
    packageIndex: ezPackageIndexSchema,
  })
  .refine((t) => ezPackageName(t.packageIndex) === t.packageName, {
    message: 'packageName does not match packageIndex',
    path: ['packageName'],
  });
export type TargetRequest = z.input<typeof targetRequestSchema>;

/** The Create Target form: the package chosen, the id typed as text; the request adds the package's name. */
const targetFormFields = z.object({
  packageIndex: chosen(ezPackageIndexSchema, 'package is required'),
  targetName: targetNameSchema,
  targetId: piped(z.string().trim().regex(/^\d+$/, { error: 'A whole number of 0 or more.' }), targetIdSchema),
});
export const targetFormSchema = piped(
  targetFormFields.transform((target) => ({ ...target, packageName: ezPackageName(target.packageIndex) ?? '' })),
  targetRequestSchema,
);

/** Modify Target: only the package changes. */
export const targetPackageFormSchema = targetFormFields.pick({ packageIndex: true });

export const deleteTargetRequestSchema = z.object({ targetName: targetNameSchema });

/** POST /device/v1/ez_activation: a unit (its device credential) activates a target with a fixture. */
export const activationRequestSchema = z.object({
  fixtureSerialNumber: fixtureSerialSchema,
  targetId: targetIdSchema,
});
export const activationResponseSchema = z.object({
  fixtureSerialNumber: z.string(),
  targetId: z.number().int(),
  targetName: z.string(),
  packageName: z.string(),
  activationCount: z.number().int(),
});
export type ActivationResponse = z.infer<typeof activationResponseSchema>;

/** The notices of part 2 §8, verbatim; the server answers with the same sentences. */
export const ezMessages = {
  fixtureExists: (serial: string) => `EZ ADAS fixture ${serial} already exists`,
  fixtureCreated: (serial: string) => `EZ ADAS fixture ${serial} was created`,
  fixtureCreateFailed: 'EZ ADAS fixture creation failed',
  fixtureReset: (serial: string) => `EZ ADAS fixture ${serial} reset`,
  fixtureNoActivations: (serial: string) => `EZ ADAS fixture ${serial} has no activations`,
  fixtureResetFailed: 'EZ ADAS fixture reset failed',
  subscriptionUpdated: (serial: string) => `EZ ADAS ${serial} subscription updated`,
  fixtureMissing: (serial: string) => `EZ ADAS fixture ${serial} does not exist`,
  subscriptionFailed: 'EZ ADAS update subscription failed',
  targetCreated: (name: string) => `EZ ADAS target ${name} created`,
  targetCreateFailed: 'EZ ADAS target creation failed',
  targetUpdated: (name: string) => `EZ ADAS ${name} target updated`,
  targetMissing: (name: string) => `EZ ADAS target ${name} does not exist`,
  targetUpdateFailed: 'EZ ADAS update target failed',
  fixtureDeleted: (serial: string) => `EZ ADAS fixture ${serial} deleted`,
  targetDeleted: (name: string) => `EZ ADAS target ${name} deleted`,
} as const;
