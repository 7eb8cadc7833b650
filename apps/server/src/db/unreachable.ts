import { isDatabaseUnavailable } from './errors.js';

/**
 * What a start that cannot reach its PostgreSQL prints before it exits: which database (its
 * address, never its user or password), why, and what to do, in one line without a stack trace,
 * so that the operator and a supervisor's log see the cause. Undefined for any other failure.
 */
export function unreachableDatabaseMessage(databaseUrl: string | undefined, err: unknown): string | undefined {
  if (!databaseUrl || !isDatabaseUnavailable(err)) return undefined;
  // A failed statement's own message holds its parameters; the driver's cause says it plainly.
  const cause = (err as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
  const { host } = new URL(databaseUrl);
  return (
    `Equipment Dashboard could not start: the database at ${host} (DATABASE_URL) does not answer: ${reason}. ` +
    'Start PostgreSQL or correct DATABASE_URL, then start the server again.'
  );
}
