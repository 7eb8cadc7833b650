import { z } from 'zod';
import { newPasswordProblems } from '@ed/contract/password';

/** The value types of env.ts's schema: an environment holds only strings. */

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const int = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min).max(max);
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * A first password from the environment follows the quick rules here; the dictionary half of the
 * policy is applied where the account is created (bootstrap.ts), so a restart does not load it.
 */
export const configuredPassword = optionalString.pipe(
  z
    .string()
    .superRefine((value, ctx) => {
      for (const message of newPasswordProblems(value)) ctx.addIssue({ code: 'custom', message });
    })
    .optional(),
);
