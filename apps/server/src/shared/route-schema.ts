import { errorResponseSchema } from '@ed/contract/errors';

/** The error answers a route can give, for its OpenAPI description and response validation. */
export const errorResponses = <const C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as { [K in C]: typeof errorResponseSchema };
