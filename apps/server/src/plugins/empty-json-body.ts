import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A POST whose data is all in the query (`/api/v1/reset_service/?serviceName=`) may still carry
 * `Content-Type: application/json`, as clients that set it on every call do: an empty body is no
 * body then, not a malformed one. Any other body goes through Fastify's own JSON parser, with its
 * prototype-poisoning checks.
 */
async function emptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Fastify's own parser answers through `done` and returns nothing; its type also admits a
    // parser that returns a promise instead, so the call reads as one that may float.
    void parseJson(request, text, done);
  });
}

export default fp(emptyJsonBody, { name: 'empty-json-body' });
