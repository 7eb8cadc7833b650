/** An error with an HTTP status and a sentence for the user; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    /** Sent as Retry-After: when a refused caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new HttpError(
    429,
    message,
    undefined,
    undefined,
    retryAfterMs === undefined ? undefined : retrySeconds(retryAfterMs),
  );
export const serviceUnavailable = (message: string, retryAfterMs: number) =>
  new HttpError(503, message, undefined, undefined, retrySeconds(retryAfterMs));

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "N minutes" for a refusal's text, rounded up, never below one. */
export const inMinutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
};
