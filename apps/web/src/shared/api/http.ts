import type { ErrorResponse } from '@ed/contract/errors';
import type { Endpoint } from '@ed/contract/http-api';
import type * as SecondFactor from '@ed/contract/second-factor';
import { isErrorSentence } from '@ed/contract/sign-in-guards';
import type { z } from 'zod';
import { markEnrolmentRequired, readToken, removeToken } from '../auth/token-storage';

/** What an error answer says besides its sentence: a machine-readable code, and sign-in's second step. */
export type ErrorDetails = Pick<ErrorResponse, 'code' | 'mfa_token' | 'methods'>;

/** A failed call: the HTTP status (0 when the server was not reached) and the server's sentence. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

/**
 * The 403 code of a session that must enrol a second factor first (contract/second-factor.ts, written
 * out here: that module's schemas would bring zod into the sign-in page's download).
 */
const MFA_ENROLMENT_REQUIRED = 'MFA_ENROLMENT_REQUIRED' satisfies typeof SecondFactor.MFA_ENROLMENT_REQUIRED;

const SECOND_STEP_METHODS: readonly string[] = ['totp', 'passkey', 'recovery'] satisfies NonNullable<
  ErrorDetails['methods']
>;

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (file uploads); the browser sets the boundary. */
  formData?: FormData;
  /** Validates the answer; without it the answer is returned as it came. */
  schema?: z.ZodType<T>;
  /** Or a zod-free check, for the public pages (contract/sign-in-guards). */
  check?: (value: unknown) => value is T;
  /** False for the calls made before sign-in; they carry no bearer and a 401 means bad credentials. */
  auth?: boolean;
  signal?: AbortSignal;
}

const NOT_UNDERSTOOD_MESSAGE = 'The server sent an answer this app does not understand.';

export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function buildBody<T>(options: RequestOptions<T>, headers: Headers): BodyInit | undefined {
  if (options.formData) return options.formData;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return new URLSearchParams(options.form);
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The code and second-step fields of an error answer, checked without zod (see sign-in-guards). */
function detailsOf(body: unknown): ErrorDetails {
  if (typeof body !== 'object' || body === null) return {};
  const { code, mfa_token, methods } = body as Record<string, unknown>;
  return {
    ...(typeof code === 'string' && { code }),
    ...(typeof mfa_token === 'string' && { mfa_token }),
    ...(Array.isArray(methods) && {
      methods: methods.filter((m): m is NonNullable<ErrorDetails['methods']>[number] =>
        SECOND_STEP_METHODS.includes(String(m)),
      ),
    }),
  };
}

function errorFrom(status: number, body: unknown): ApiError {
  if (isErrorSentence(body)) return new ApiError(status, body.message, body.field, detailsOf(body));
  return new ApiError(status, `The request failed (HTTP ${status}).`);
}

/**
 * What a refusal of the token `sent` says about the session, if it is still the stored one (an
 * answer to a token already replaced says nothing about the new one): a 401 signs out everywhere,
 * and the route guard then sends the user to /login; a 403 MFA_ENROLMENT_REQUIRED marks the
 * session as waiting for a second factor, and the console shows the enrolment page only.
 */
function readRefusal(error: ApiError, sent: string | undefined): void {
  if (sent === undefined || readToken()?.access_token !== sent) return;
  if (error.status === 401) removeToken();
  else if (error.status === 403 && error.details.code === MFA_ENROLMENT_REQUIRED) markEnrolmentRequired();
}

/**
 * The one way a request leaves the console: fetch, with the bearer of the stored token unless
 * `auth` is false. A server out of reach is an ApiError with status 0; an abort stays an abort.
 * Calls go through http() (JSON) and callApi; downloads, which read a stream or a blob, come here.
 */
export async function send(
  url: string,
  init: RequestInit & { auth?: boolean } = {},
): Promise<{ response: Response; sent: string | undefined }> {
  const { auth = true, ...rest } = init;
  const headers = new Headers(rest.headers);
  const sent = auth ? readToken()?.access_token : undefined;
  if (sent) headers.set('Authorization', `Bearer ${sent}`);
  try {
    return { response: await fetch(url, { ...rest, headers }), sent };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
}

/** One call to the server: typed, with the bearer of the stored token unless auth is false. */
export async function http<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const auth = options.auth ?? true;
  const headers = new Headers({ Accept: 'application/json' });
  const body = buildBody(options, headers);
  const { response, sent } = await send(buildUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
    auth,
  });

  // A 204 has no body; its schema (z.null()) reads it as null.
  const data = response.status === 204 ? null : await readBody(response);
  if (!response.ok) {
    const error = errorFrom(response.status, data);
    readRefusal(error, sent);
    throw error;
  }
  if (options.check) {
    if (options.check(data)) return data;
    throw new ApiError(response.status, NOT_UNDERSTOOD_MESSAGE);
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, NOT_UNDERSTOOD_MESSAGE);
  return parsed.data;
}

/**
 * A call of the public pages, to an endpoint of contract/sign-in-endpoints (no zod there: the
 * answer is checked by a guard). Everything behind sign-in calls through callApi (client.ts).
 */
export const callEndpoint = <T>(endpoint: Endpoint, options: Omit<RequestOptions<T>, 'method'>): Promise<T> =>
  http(endpoint.path, { ...options, method: endpoint.method });

/** The error of a failed response whose body was not read yet (downloads read theirs as a stream). */
export async function failedResponse(response: Response, sent = readToken()?.access_token): Promise<ApiError> {
  const error = errorFrom(response.status, await readBody(response));
  readRefusal(error, sent);
  return error;
}

/** The sentence to show the user for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something unexpected went wrong. Please try again.';
}
