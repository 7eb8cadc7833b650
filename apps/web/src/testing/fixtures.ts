import type { TokenResponse } from '@ed/contract/auth';
import type { Role } from '@ed/contract/roles';

export function tokenFor(role: Role = 'admin', username = 'alice'): TokenResponse {
  return {
    access_token: `token-of-${username}`,
    token_type: 'Bearer',
    expires_in: 3600,
    user: { username, email: `${username}@example.com`, role },
  };
}

/** A fetch answer as the server gives it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, message: string, field?: string): Response {
  const error = status === 400 ? 'Bad Request' : status === 401 ? 'Unauthorized' : 'Error';
  return jsonResponse(status, { statusCode: status, error, message, ...(field ? { field } : {}) });
}
