import { trupointRoutes } from '@ed/contract/routes/trupoint';
import type { Pairing, PairingState } from '@ed/contract/trupoint';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf, type RouteHandler } from '../../shared/route-table.js';
import { pairingView } from './trupoint.service.js';

/** The columns of the pairing tables (each tab shows some of them; the file has them all), dates as ISO UTC. */
const PAIRING_COLUMNS: CsvColumn<Pairing>[] = [
  { header: 'Vendor', value: (p) => p.vendor },
  { header: 'Vendor Key', value: (p) => p.vendorKey },
  { header: 'Alignment ID', value: (p) => p.alignmentId },
  { header: 'Tru-Point Serial Number', value: (p) => p.truPointSerialNumber },
  { header: 'Created At (UTC)', value: (p) => p.createdAt },
  { header: 'Updated At (UTC)', value: (p) => p.updatedAt },
  { header: 'Reason', value: (p) => p.reason },
  { header: 'Calibrations', value: (p) => p.calibrations.length },
];

/** The console's side: the three pairing tables (part 2 §7) and vendor administration (admin). */
export default routesOf(trupointRoutes, (app) => {
  const pairings =
    (state: PairingState): RouteHandler<typeof trupointRoutes.getActivePairings> =>
    async (req) => {
      const { totalDocs, docs } = await app.truPoint.service.list({ state, ...req.query });
      return { totalDocs, docs: docs.map(pairingView) };
    };
  const exported =
    (state: PairingState): RouteHandler<typeof trupointRoutes.exportActivePairings> =>
    async (req, reply) =>
      sendCsv(reply, {
        fileName: `${state}-pairings.csv`,
        columns: PAIRING_COLUMNS,
        source: app.truPoint.service.exportSource({ state, ...req.query }),
        logger: req.log,
      });
  return {
    getActivePairings: pairings('active'),
    getCompletedPairings: pairings('completed'),
    getAbortedPairings: pairings('aborted'),
    exportActivePairings: exported('active'),
    exportCompletedPairings: exported('completed'),
    exportAbortedPairings: exported('aborted'),
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
