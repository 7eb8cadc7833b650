import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UnitClaimDecisions } from '../../ports/unit-claims.js';

declare module 'fastify' {
  interface FastifyInstance {
    unitClaims: UnitClaimDecisions;
  }
}

/** Claims to registered serial numbers, kept by the fleet's credentials, decided here by a person. */
async function unitClaimsPlugin(app: FastifyInstance) {
  app.decorate('unitClaims', app.fleet.credentials.claims);
}

export default fp(unitClaimsPlugin, { name: 'unit-claims', dependencies: ['fleet'] });
