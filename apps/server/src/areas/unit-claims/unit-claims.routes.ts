import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@ed/contract/errors';
import { decideUnitClaimSchema, unitClaimsQuerySchema, unitClaimsResponseSchema } from '@ed/contract/unit-claims';
import { conflict, notFound } from '../../shared/http-error.js';
import { errorResponses } from '../../shared/route-schema.js';

const tags = ['unit claims'];
const config = { permission: 'units.decideClaims' as const };

/**
 * Claims to registered serial numbers (/UnitClaims, admin): the fleet's enrollment key alone
 * cannot take a unit over, so a unit that lost its credential waits here for a person.
 */
export default async function unitClaimsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const claims = () => app.fleet.credentials.claims;

  app.get(
    '/read/unit_claims/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Claims waiting for a decision (or every claim of the last 30 days), newest first',
        querystring: unitClaimsQuerySchema,
        response: { 200: unitClaimsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => claims().list(req.query.status),
  );

  app.post(
    '/update/unit_claim/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Approve or refuse a waiting claim',
        description:
          'Approving lets the claimant replace the serial number’s credential at its next try (the ' +
          'present holder is then refused); refusing ends the claim. A decided claim answers 409.',
        body: decideUnitClaimSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { id, decision } = req.body;
      const serialNumber = await claims().decide(id, decision === 'approve', req.session!.user.username);
      if (serialNumber === null) {
        if (await claims().exists(id)) throw conflict(`Claim ${id} was decided already.`);
        throw notFound(`There is no claim ${id}.`);
      }
      return {
        message:
          decision === 'approve'
            ? `The claim to ${serialNumber} was approved: the unit gets its credential at its next try.`
            : `The claim to ${serialNumber} was refused.`,
      };
    },
  );
}
