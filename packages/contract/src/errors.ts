import { z } from 'zod';

/**
 * Every 4xx and 5xx body: the HTTP status, its name and a sentence that names the problem (the
 * spec's shape), with the same said in RFC 9457's problem-details members beside it.
 */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** RFC 9457: `about:blank`, so `title` is the status's name. */
  type: z.string().optional(),
  /** RFC 9457: the status's name, as `error`. */
  title: z.string().optional(),
  /** RFC 9457: the status, as `statusCode`. */
  status: z.number().int().optional(),
  /** RFC 9457: the sentence, as `message`. */
  detail: z.string().optional(),
  /** RFC 6749 §5.2, on the token endpoint only (where `error` is then the OAuth error code): the sentence. */
  error_description: z.string().optional(),
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
