import { z } from 'zod';
import { tokenResponseSchema } from './auth.js';
import { INT32_MAX } from './constants.js';

const factorId = z.coerce.number().int().min(1).max(INT32_MAX);

/** A TOTP code (RFC 6238: six digits) or a recovery code (ten characters, a dash allowed). */
const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'Enter the six digits of your authenticator app, or a recovery code.')
  .max(20, 'A code is at most 20 characters.');

const mfaToken = z.string().min(1, 'mfa_token is required').max(256);

/** POST /auth/second_factor/v1: the second step of a sign-in, with a TOTP or recovery code. */
export const secondStepRequestSchema = z.object({ mfa_token: mfaToken, code: secondFactorCodeSchema });

/** WebAuthn options and answers as the browser library passes them (checked by the server's library). */
const webAuthnJson = z.looseObject({});

/** POST /auth/passkey_options/v1 */
export const passkeyOptionsRequestSchema = z.object({ mfa_token: mfaToken });
export const webAuthnOptionsSchema = z.object({ options: webAuthnJson });

/** POST /auth/passkey/v1 */
export const passkeyStepRequestSchema = z.object({ mfa_token: mfaToken, response: webAuthnJson });

const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

const factorName = z.string().trim().min(1, 'Required.').max(64, 'At most 64 characters.');

export const secondFactorSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECOND_FACTOR_KINDS),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** GET /read/second_factors/v1: the caller's own factors, and whether the role needs one. */
export const secondFactorsResponseSchema = z.object({
  /** The caller's role is in MFA_REQUIRED_ROLES. */
  required: z.boolean(),
  /** This session waits for an enrolment: every other call answers 403 until then. */
  enrolmentPending: z.boolean(),
  /** A single sign-on account: its factors are the provider's. */
  singleSignOn: z.boolean(),
  /** How this session signed in (OpenID Connect `amr`, or pwd, otp, hwk for a local account). */
  amr: z.array(z.string()),
  /** The provider's `acr`, for a single sign-on session. */
  acr: z.string().nullable(),
  factors: z.array(secondFactorSchema),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorsResponse = z.infer<typeof secondFactorsResponseSchema>;

/** POST /create/second_factor_totp/v1: a secret to scan, confirmed by a code before it counts. */
export const totpStartRequestSchema = z.object({ name: factorName.optional() });
export const totpStartResponseSchema = z.object({
  id: z.number().int(),
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
});
export type TotpStart = z.infer<typeof totpStartResponseSchema>;

/** POST /update/second_factor_totp/v1 */
export const totpConfirmRequestSchema = z.object({ id: factorId, code: secondFactorCodeSchema });

/** POST /create/passkey/v1 */
export const passkeyAddRequestSchema = z.object({ name: factorName, response: webAuthnJson });

/**
 * A factor enrolled: the recovery codes when it was the first (shown once), and a new token when
 * the session was waiting for it (the old one is revoked).
 */
export const enrolledResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).optional(),
  token: tokenResponseSchema.optional(),
});
export type EnrolledResponse = z.infer<typeof enrolledResponseSchema>;

export const factorIdRequestSchema = z.object({ id: factorId });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const resetFactorsRequestSchema = z.object({ username: z.string().trim().min(1).max(64) });

/** What the password step answers for an account with a factor (403, code MFA_REQUIRED). */
export const MFA_REQUIRED = 'MFA_REQUIRED';
/** What every call but the enrolment ones answers a session that must enrol first (403). */
export const MFA_ENROLMENT_REQUIRED = 'MFA_ENROLMENT_REQUIRED';
