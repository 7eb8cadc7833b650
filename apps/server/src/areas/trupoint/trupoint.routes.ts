import { trupointRoutes } from '@ed/contract/routes/trupoint';
import type { PairingState } from '@ed/contract/trupoint';
import { routesOf, type RouteHandler } from '../../shared/route-table.js';
import { pairingView } from './trupoint.service.js';

/** The console's side: the three pairing tables (part 2 §7) and vendor administration (admin). */
export default routesOf(trupointRoutes, (app) => {
  const pairings =
    (state: PairingState): RouteHandler<typeof trupointRoutes.getActivePairings> =>
    async (req) => {
      const { totalDocs, docs } = await app.truPoint.service.list({ state, ...req.query });
      return { totalDocs, docs: docs.map(pairingView) };
    };
  return {
    getActivePairings: pairings('active'),
    getCompletedPairings: pairings('completed'),
    getAbortedPairings: pairings('aborted'),
    getVendors: async () =>
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
    createVendor: async (req, reply) => {
      const vendor = await app.truPoint.service.createVendor(req.body.name);
      return reply.code(201).send({ message: `Vendor ${vendor.name} was created.` });
    },
    createVendorKey: async (req, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await app.truPoint.service.createKey(req.body.vendor)),
    revokeVendorKey: async (req) => {
      await app.truPoint.service.revokeKey(req.body.id);
      return { message: `Vendor API key ${req.body.id} was revoked.` };
    },
  };
});
