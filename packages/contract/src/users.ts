import { z } from 'zod';
import { PASSWORD_MAX_UTF16 } from './constants.js';
import { ACROSS_FIELDS, addPasswordProblems, chosen } from './form-inputs.js';
import { quickPasswordRule, type PasswordRule } from './password.js';
import { roleSchema } from './roles.js';
import { pageSchema } from './paging.js';

/** A console user as the Users screen shows it; never a password or its hash (part 2 §3). */
export const userSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const usersQuerySchema = z.object({
  page: pageSchema,
  filterUsername: z.string().trim().max(64, 'filterUsername is at most 64 characters').optional(),
});

export const usersResponseSchema = z.object({ totalDocs: z.number().int(), docs: z.array(userSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

/**
 * The one spelling of a user name for look-up, the sign-in counters and comparison: NFKC, then
 * lower case. Names are made of ASCII letters, digits and . _ @ -, so a look-alike ("admİn",
 * full-width "ａｄｍｉｎ") is either the same key as the name everywhere or none at all, never the
 * account to the database and another name to the counters.
 */
export const usernameKey = (name: string): string => name.normalize('NFKC').toLowerCase();

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'username is required')
  .max(64, 'username is at most 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'username may hold letters, digits and . _ @ - only');

/** POST /create/user/v1/ (part 2 §7); the password policy is checked by the server. */
export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: z.string().min(1, 'password is required').max(PASSWORD_MAX_UTF16),
  email: z.email({ error: 'email must be an e-mail address' }),
  role: roleSchema,
  active: z.boolean().default(true),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** POST /update/user/v1/: a blank (or absent) password means no change (part 2 §5). */
export const updateUserRequestSchema = z.object({
  username: usernameSchema,
  password: z.string().max(PASSWORD_MAX_UTF16).optional(),
  email: z.email({ error: 'email must be an e-mail address' }).optional(),
  role: roleSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** The policy applied to a typed password, with the username and e-mail as words it must not be built from. */
const typedPassword =
  (rule: PasswordRule) =>
  ({ username, email, password }: { username: string; email?: string; password?: string }, ctx: z.RefinementCtx) => {
    // Blank is the field's own affair: required on Create, no change on Edit.
    if (password) addPasswordProblems(ctx, 'password', rule(password, { userInputs: [username, email ?? ''] }));
  };

/**
 * The Create New User form (part 2 §5): the request's fields, the role chosen in the form, and the
 * password policy as it is typed (`rule`: the quick rules until the dictionary has loaded).
 */
export const createUserFormSchema = (rule: PasswordRule = quickPasswordRule) =>
  createUserRequestSchema
    .extend({ role: chosen(roleSchema, 'role is required') })
    .superRefine(typedPassword(rule), ACROSS_FIELDS);

/** The Edit User form: e-mail and role stay filled in; a blank password keeps the current one. */
export const updateUserFormSchema = (rule: PasswordRule = quickPasswordRule) =>
  updateUserRequestSchema
    .extend({ email: createUserRequestSchema.shape.email, role: roleSchema, active: z.boolean() })
    .superRefine(typedPassword(rule), ACROSS_FIELDS);

export const deleteUserRequestSchema = z.object({ username: usernameSchema });
