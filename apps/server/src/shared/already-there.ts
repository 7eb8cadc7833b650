import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from './http-error.js';

/**
 * For seeding that another instance may be doing at the same moment: "it already exists" is
 * success, whether a service's check said so (409) or the unique index refused the second of two
 * concurrent inserts. Anything else is rethrown.
 */
export function unlessAlreadyThere(err: unknown): void {
  if (err instanceof HttpError && err.statusCode === 409) return;
  if (isUniqueViolation(err)) return;
  throw err;
}
