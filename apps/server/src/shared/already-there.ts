import { isUniqueViolation } from '../db/errors.js';
import { isDomainError } from './domain-error.js';

/**
 * For seeding that another instance may be doing at the same moment: "it already exists" is
 * success, whether a service's check said so (a conflict) or the unique index refused the second of two
 * concurrent inserts. Anything else is rethrown.
 */
export function unlessAlreadyThere(err: unknown): void {
  if (isDomainError(err, 'conflict')) return;
  if (isUniqueViolation(err)) return;
  throw err;
}
