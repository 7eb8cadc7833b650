/**
 * What went wrong, in the domain's words. Services and repositories raise these; only the edge
 * (plugins/errors.ts) turns a kind into an HTTP status, so a service reads the same whether a
 * route, the update scheduler or a job called it.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedMedia'
  | 'outOfRange'
  | 'tooMany'
  /** A unit refused a command or answered with something unusable. */
  | 'unitFailed'
  /** The server cannot do it now (a command could not be sent, the server is stopping, a limit is full). */
  | 'unavailable'
  /** A unit did not answer in time. */
  | 'unitSilent'
  | 'storageFull';

export interface DomainErrorDetails {
  /** The request field at fault, when one is. */
  field?: string;
  /** A machine-readable reason, where the spec names one (MANIFEST_NOT_FOUND). */
  code?: string;
  /** When a refused caller may try again. */
  retryAfterSeconds?: number;
}

/** A refusal or failure with a sentence for the user; the edge sends the sentence as it is. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly field?: string;
  readonly code?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.field = details.field;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export const isDomainError = (err: unknown, ...kinds: DomainErrorKind[]): err is DomainError =>
  err instanceof DomainError && (kinds.length === 0 || kinds.includes(err.kind));

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const badRequest = (message: string, field?: string) => new DomainError('invalid', message, { field });
export const unauthorized = (message = 'Sign in to continue.') => new DomainError('unauthenticated', message);
export const forbidden = (message: string, code?: string) => new DomainError('forbidden', message, { code });
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string, field?: string) => new DomainError('tooLarge', message, { field });
export const unsupportedMedia = (message: string, field?: string) =>
  new DomainError('unsupportedMedia', message, { field });
export const outOfRange = (message: string) => new DomainError('outOfRange', message);
export const unitFailed = (message: string) => new DomainError('unitFailed', message);
export const unitSilent = (message: string) => new DomainError('unitSilent', message);
export const storageFull = (message: string) => new DomainError('storageFull', message);
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new DomainError('tooMany', message, {
    retryAfterSeconds: retryAfterMs === undefined ? undefined : retrySeconds(retryAfterMs),
  });
/** Unavailable now; with `retryAfterMs`, the answer says when to try again. */
export const serviceUnavailable = (message: string, retryAfterMs?: number) =>
  new DomainError('unavailable', message, {
    retryAfterSeconds: retryAfterMs === undefined ? undefined : retrySeconds(retryAfterMs),
  });

/** "N minutes" for a refusal's text, rounded up, never below one. */
export const inMinutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
};
