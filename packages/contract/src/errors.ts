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
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
