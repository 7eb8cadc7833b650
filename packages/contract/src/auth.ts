import { z } from 'zod';
import { PASSWORD_MAX_UTF16 } from './constants.js';
import { ACROSS_FIELDS, addPasswordProblems } from './form-inputs.js';
import { quickPasswordRule, type PasswordRule } from './password.js';
import { sessionUserSchema } from './roles.js';

const username = z.string().trim().min(1, 'username is required').max(64, 'username is at most 64 characters');
/** Sign-in takes any stored password; the policy applies to new passwords only. */
const password = z.string().min(1, 'password is required').max(PASSWORD_MAX_UTF16);

/** POST /auth/token/v1, form-encoded OAuth 2 password grant. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password', { error: "grant_type must be 'password'" }),
  username,
  password,
  client_id: z.string().max(64).optional(),
});

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  user: sessionUserSchema,
  /**
   * The role needs a second factor (MFA_REQUIRED_ROLES) and the account has none: this token
   * reaches only the enrolment calls until one is enrolled.
   */
  mfa_enrolment_required: z.boolean().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /update/user_password/v1 */
export const changePasswordRequestSchema = z.object({
  username,
  prevPassword: password,
  newPassword: z.string().max(PASSWORD_MAX_UTF16),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The Change Password form of `username`: the current password, and a new one under the policy
 * (`rule`: the quick rules until the dictionary has loaded), which must differ from the current one.
 */
export const changePasswordFormSchema = (username: string, rule: PasswordRule = quickPasswordRule) =>
  changePasswordRequestSchema
    .pick({ prevPassword: true, newPassword: true })
    .superRefine(({ prevPassword, newPassword }, ctx) => {
      const context = { currentPassword: prevPassword || undefined, userInputs: [username] };
      addPasswordProblems(ctx, 'newPassword', rule(newPassword, context));
    }, ACROSS_FIELDS);

/** GET /read/expired/v1?username= */
export const expiredQuerySchema = z.object({ username });
export const expiredResponseSchema = z.object({
  expired: z.boolean(),
  passwordChangedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** False for a single sign-on user, whose password is the provider's: nothing to change here. */
  localPassword: z.boolean().optional(),
});
export type ExpiredResponse = z.infer<typeof expiredResponseSchema>;

/** POST /request/reset_user_password/v1 */
export const requestResetRequestSchema = z.object({ username });
export type RequestResetRequest = z.infer<typeof requestResetRequestSchema>;

/** POST /reset/user_password/v1 */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'token is required').max(256),
  newPassword: z.string().max(PASSWORD_MAX_UTF16),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The same answer whether or not the user exists, so the call cannot be used to find accounts. */
export const RESET_REQUESTED_MESSAGE = 'If the account exists, an e-mail with instructions has been sent.';
