import { z } from 'zod';

/** Every 4xx and 5xx body: the HTTP status, its name and a sentence that names the problem. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** The request field at fault, when one is. */
  field: z.string().optional(),
  /** A machine-readable reason, where the spec names one (MANIFEST_NOT_FOUND). */
  code: z.string().optional(),
  /** Sign-in's 403 MFA_REQUIRED: the token of the second step (ten minutes, five tries). */
  mfa_token: z.string().optional(),
  /** Sign-in's 403 MFA_REQUIRED: the second factors the account has (totp, passkey, recovery). */
  methods: z.array(z.enum(['totp', 'passkey', 'recovery'])).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
