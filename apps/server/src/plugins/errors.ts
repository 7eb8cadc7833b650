import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@ed/contract/errors';
import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import { oauthErrorBody } from './oauth-error-body.js';
import { isDatabaseUnavailable, isOutOfRange, isUniqueViolation } from '../db/errors.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};

/** The spec's error body, with RFC 9457's members saying the same beside its own. */
export const errorBody = (statusCode: number, message: string, field?: string, code?: string): ErrorResponse => {
  const error = STATUS_NAMES[statusCode] ?? STATUS_CODES[statusCode] ?? 'Error';
  return {
    statusCode,
    error,
    message,
    ...(field ? { field } : {}),
    ...(code ? { code } : {}),
    type: 'about:blank',
    title: error,
    status: statusCode,
    detail: message,
  };
};

/** The HTTP status of each kind of domain error: the one place the domain meets HTTP. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  outOfRange: 416,
  tooMany: 429,
  unitFailed: 502,
  unavailable: 503,
  unitSilent: 504,
  storageFull: 507,
};

/** What a 401 asks for: HTTP Basic with the device credential on a unit's calls, else a bearer token. */
const challengeFor = (url: string) =>
  url.startsWith('/device/') ? 'Basic realm="units", charset="UTF-8"' : 'Bearer realm="Equipment Dashboard"';

/** Every failure leaves as {statusCode, error, message, field?}; nothing unexpected leaks as a stack. */
async function errorsPlugin(app: FastifyInstance) {
  // RFC 9457's media type for every JSON error body, whichever part of the server wrote it.
  // The token endpoint answers in RFC 6749's shape too, as application/json (what OAuth clients read).
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode < 400 || typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (request.routeOptions.config.oauthErrors && typeof payload === 'string') {
      return oauthErrorBody(reply.statusCode, payload);
    }
    reply.header('content-type', 'application/problem+json; charset=utf-8');
    return payload;
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
      const text = issue?.message ?? 'is invalid';
      const message = field && !text.startsWith(field) ? `${field}: ${text}` : text;
      return reply.code(400).send(errorBody(400, `Invalid ${where ?? 'request'}: ${message}`, field));
    }
    if (err instanceof DomainError) {
      // A full disk is for the operator to fix: the caller gets a sentence, the log an error.
      if (err.kind === 'storageFull') request.log.error({ err }, 'storage full');
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      // RFC 9110 §11.6.1: a 401 says how to authenticate; units use their device credential.
      if (err.kind === 'unauthenticated') reply.header('www-authenticate', challengeFor(request.url));
      const status = STATUS_OF[err.kind];
      return reply.code(status).send(errorBody(status, err.message, err.field, err.code));
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send(errorBody(409, 'That record already exists.'));
    }
    if (isOutOfRange(err)) {
      request.log.warn({ err }, 'number out of range for its column');
      return reply.code(400).send(errorBody(400, 'A number in the request is out of range: no record has it.'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).send(errorBody(503, 'The database is unavailable. Try again in a moment.'));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(500, 'The server could not build its answer.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, err.message));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send(errorBody(500, 'Something went wrong on the server.'));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
