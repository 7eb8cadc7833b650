import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldWithControlCharacter } from '../shared/control-characters.js';
import { badRequest } from '../shared/domain-error.js';

/** Path parameters and query values are single-line; bodies may hold multi-line text. */
const SOURCES = [
  ['params', false],
  ['query', false],
  ['body', true],
] as const satisfies readonly (readonly [keyof FastifyRequest, boolean])[];

/**
 * Refuses, before any schema, handler or statement sees it, a call whose path parameters, query
 * or parsed body (JSON or form, sign-in included) holds a control character: PostgreSQL refuses
 * NUL in text, so each such value used to reach the database and come back as a 500 with a stack
 * trace, and none of them names anything real. One hook for every route, so a new route or filter
 * is covered without doing anything. Tab, CR and LF stay allowed in bodies (descriptions, messages).
 */
async function controlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [source, allowLineBreaks] of SOURCES) {
      const field = fieldWithControlCharacter(request[source], allowLineBreaks);
      if (field === undefined) continue;
      const name = field || `The ${source === 'params' ? 'path' : source}`;
      throw badRequest(`${name} must not contain control characters`, field || undefined);
    }
  });
}

export default fp(controlCharacters, { name: 'control-characters' });
