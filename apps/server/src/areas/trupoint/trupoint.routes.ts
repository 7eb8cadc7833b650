import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@ed/contract/errors';
import {
  createVendorKeyRequestSchema,
  createVendorKeyResponseSchema,
  createVendorRequestSchema,
  pairingsQuerySchema,
  pairingsResponseSchema,
  revokeVendorKeyRequestSchema,
  vendorsResponseSchema,
  type PairingState,
} from '@ed/contract/trupoint';
import { errorResponses } from '../../shared/route-schema.js';
import { pairingView } from './trupoint.service.js';

const tags = ['tru-point'];

/** The console's side: the three pairing tables (part 2 §7) and vendor administration (admin). */
export default async function truPointRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const state of ['active', 'completed', 'aborted'] as const satisfies PairingState[]) {
    app.get(
      `/read/${state}_pairings/v1`,
      {
        config: { permission: 'truPoint.read' },
        schema: {
          tags,
          summary: `One page of 10 ${state} pairings; newest first unless sorted`,
          querystring: pairingsQuerySchema,
          response: { 200: pairingsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => {
        const { totalDocs, docs } = await app.truPoint.service.list({ state, ...req.query });
        return { totalDocs, docs: docs.map(pairingView) };
      },
    );
  }

  app.get(
    '/read/vendors/v1',
    {
      config: { permission: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Vendors and their API keys (prefixes only)',
        response: { 200: vendorsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () =>
      (await app.truPoint.repository.listVendors()).map(({ vendor, keys }) => ({
        name: vendor.name,
        createdAt: vendor.createdAt.toISOString(),
        keys: keys.map((k) => ({
          id: k.id,
          prefix: k.prefix,
          createdAt: k.createdAt.toISOString(),
          revokedAt: k.revokedAt?.toISOString() ?? null,
        })),
      })),
  );

  app.post(
    '/create/vendor/v1',
    {
      config: { permission: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Add a vendor (a shop system)',
        body: createVendorRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const vendor = await app.truPoint.service.createVendor(req.body.name);
      return reply.code(201).send({ message: `Vendor ${vendor.name} was created.` });
    },
  );

  app.post(
    '/create/vendor_key/v1',
    {
      config: { permission: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Issue a vendor API key; the key is in this answer only',
        body: createVendorKeyRequestSchema,
        response: { 201: createVendorKeyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await app.truPoint.service.createKey(req.body.vendor)),
  );

  app.post(
    '/revoke/vendor_key/v1',
    {
      config: { permission: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Revoke a vendor API key',
        body: revokeVendorKeyRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await app.truPoint.service.revokeKey(req.body.id);
      return { message: `Vendor API key ${req.body.id} was revoked.` };
    },
  );
}
