import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  abortPairingRequestSchema,
  pairingIdParamsSchema,
  pairingSchema,
  pairingsResponseSchema,
  startPairingRequestSchema,
  VENDOR_KEY_HEADER,
  vendorPairingsQuerySchema,
} from '@ed/contract/trupoint';
import { errorResponses } from '../../shared/route-schema.js';
import { pairingView } from './trupoint.service.js';

const tags = ['vendors'];
const vendorOnly = { public: true } as const;

/** The vendors' API: their shop systems pair alignments with Tru-Points, each seeing only its own. */
export default async function vendorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const vendorOf = (req: FastifyRequest) => app.truPoint.service.authenticate(req.headers[VENDOR_KEY_HEADER]);
  const security = [{ vendorApiKey: [] }];

  app.post(
    '/vendor/v1/pairings',
    {
      config: vendorOnly,
      schema: {
        tags,
        security,
        summary: 'Pair an alignment with a connected Tru-Point; the unit then runs its calibrations',
        description: `Authenticated by the ${VENDOR_KEY_HEADER} header. 409 when the unit is offline, not a Tru-Point or already paired.`,
        body: startPairingRequestSchema,
        response: { 201: pairingSchema, ...errorResponses(400, 401, 404, 409, 502, 504) },
      },
    },
    async (req, reply) => {
      const vendor = await vendorOf(req);
      return reply.code(201).send(await app.truPoint.service.start(vendor, req.body));
    },
  );

  app.get(
    '/vendor/v1/pairings',
    {
      config: vendorOnly,
      schema: {
        tags,
        security,
        summary: 'The vendor’s own pairings, a page of 10, optionally of one state',
        querystring: vendorPairingsQuerySchema,
        response: { 200: pairingsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const vendor = await vendorOf(req);
      const { state, ...rest } = req.query;
      const { totalDocs, docs } = await app.truPoint.service.list({
        ...rest,
        state: state ?? 'active',
        vendorId: vendor.id,
      });
      return { totalDocs, docs: docs.map(pairingView) };
    },
  );

  app.get(
    '/vendor/v1/pairings/:id',
    {
      config: vendorOnly,
      schema: {
        tags,
        security,
        summary: 'One of the vendor’s pairings with its calibrations',
        params: pairingIdParamsSchema,
        response: { 200: pairingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => pairingView(await app.truPoint.service.own(await vendorOf(req), req.params.id)),
  );

  app.post(
    '/vendor/v1/pairings/:id/abort',
    {
      config: vendorOnly,
      schema: {
        tags,
        security,
        summary: 'Abort an active pairing with a reason',
        params: pairingIdParamsSchema,
        body: abortPairingRequestSchema,
        response: { 200: pairingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => app.truPoint.service.abort(await vendorOf(req), req.params.id, req.body.reason),
  );
}
