import { MFA_REQUIRED } from '@ed/contract/second-factor';

/** RFC 6749 §5.2's error codes (and `mfa_required`, as OAuth servers with a second step answer). */
type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'mfa_required'
  | 'temporarily_unavailable'
  | 'server_error';

interface ErrorFields {
  statusCode?: number;
  message?: string;
  field?: string;
  code?: string;
}

/** The OAuth error code of one of the token endpoint's answers. */
function oauthErrorCode(status: number, body: ErrorFields): OAuthErrorCode {
  if (status === 400) return body.field === 'grant_type' ? 'unsupported_grant_type' : 'invalid_request';
  if (status === 403 && body.code === MFA_REQUIRED) return 'mfa_required';
  // Wrong credentials, a disabled or locked-out account: the grant is refused.
  if (status === 401 || status === 403) return 'invalid_grant';
  if (status === 429 || status === 503) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

/**
 * A JSON error body of the token endpoint in RFC 6749 §5.2's shape as well: `error` becomes the
 * OAuth code and `error_description` the sentence; `statusCode`, `message` and RFC 9457's
 * `title` (the status's name) stay. The spec's client reads only the status of a failed sign-in.
 */
export function oauthErrorBody(status: number, payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof parsed !== 'object' || parsed === null) return payload;
  const body = parsed as ErrorFields & Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message : '';
  return JSON.stringify({ ...body, error: oauthErrorCode(status, body), error_description: message });
}
