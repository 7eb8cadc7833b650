import type { FastifyRequest } from 'fastify';
import { vendorRoutes } from '@ed/contract/routes/vendor';
import { VENDOR_KEY_HEADER } from '@ed/contract/trupoint';
import { routesOf } from '../../shared/route-table.js';
import { pairingView } from './trupoint.service.js';

/** The vendors' API: their shop systems pair alignments with Tru-Points, each seeing only its own. */
export default routesOf(vendorRoutes, (app) => {
  const vendorOf = (req: FastifyRequest) => app.truPoint.service.authenticate(req.headers[VENDOR_KEY_HEADER]);
  return {
    startPairing: async (req, reply) => {
      const vendor = await vendorOf(req);
      return reply.code(201).send(await app.truPoint.service.start(vendor, req.body));
    },
    getPairings: async (req) => {
      const vendor = await vendorOf(req);
      const { state, ...rest } = req.query;
      const { totalDocs, docs } = await app.truPoint.service.list({
        ...rest,
        state: state ?? 'active',
        vendorId: vendor.id,
      });
      return { totalDocs, docs: docs.map(pairingView) };
    },
    getPairing: async (req) => pairingView(await app.truPoint.service.own(await vendorOf(req), req.params.id)),
    abortPairing: async (req) => app.truPoint.service.abort(await vendorOf(req), req.params.id, req.body.reason),
  };
});
