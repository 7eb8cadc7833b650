import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from '../../src/areas/auth/password-hasher.js';

/**
 * The auth area's hasher behind `app.passwords` (typed by its port, which has only what other
 * areas use): tests of sign-in count its verifications.
 */
export function passwordHasher(app: FastifyInstance): PasswordHasher {
  if (!(app.passwords instanceof PasswordHasher))
    throw new Error('app.passwords is not the auth area’s PasswordHasher');
  return app.passwords;
}
