import type { Endpoint } from '@ed/contract/http-api';
import { isErrorSentence } from '@ed/contract/sign-in-guards';
import type { z } from 'zod';
import { readToken, removeToken } from '../auth/token-storage';

/** A failed call: the HTTP status (0 when the server was not reached) and the server's sentence. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

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

function errorFrom(status: number, body: unknown): ApiError {
  if (isErrorSentence(body)) return new ApiError(status, body.message, body.field);
  return new ApiError(status, `The request failed (HTTP ${status}).`);
}

/** One call to the server: typed, with the bearer of the stored token unless auth is false. */
export async function http<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const auth = options.auth ?? true;
  const headers = new Headers({ Accept: 'application/json' });
  const body = buildBody(options, headers);
  if (auth) {
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token.access_token}`);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }

  // A 204 has no body; its schema (z.null()) reads it as null.
  const data = response.status === 204 ? null : await readBody(response);
  if (!response.ok) {
    // The token was revoked or has expired. Removing it signs the user out
    // everywhere, and the route guard then sends them to /login.
    if (response.status === 401 && auth) removeToken();
    throw errorFrom(response.status, data);
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
export async function failedResponse(response: Response): Promise<ApiError> {
  if (response.status === 401) removeToken();
  return errorFrom(response.status, await readBody(response));
}

/** The sentence to show the user for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something unexpected went wrong. Please try again.';
}
