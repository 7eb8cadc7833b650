import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import { UNIT_CLAIM_STATUS_LABELS, type UnitClaim } from '@ed/contract/unit-claims';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { conflict, notFound } from '../../shared/domain-error.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Unit Claims table, less its actions. */
const CLAIM_COLUMNS: CsvColumn<UnitClaim>[] = [
  { header: 'Serial Number', value: (c) => c.serialNumber },
  { header: 'Asked (UTC)', value: (c) => c.requestedAt },
  { header: 'From', value: (c) => c.address },
  { header: 'Country', value: (c) => c.countryCode },
  { header: 'Present Credential Since (UTC)', value: (c) => c.credentialIssuedAt },
  { header: 'Status', value: (c) => UNIT_CLAIM_STATUS_LABELS[c.status] },
  { header: 'Decided By', value: (c) => c.decidedBy },
];

/**
 * Claims to registered serial numbers (/UnitClaims, admin): the fleet's enrollment key alone
 * cannot take a unit over, so a unit that lost its credential waits here for a person.
 */
export default routesOf(unitClaimsRoutes, (app) => {
  const claims = () => app.unitClaims;
  return {
    listClaims: async (req) => claims().list(req.query.status),
    exportClaims: async (req, reply) =>
      sendCsv(reply, {
        fileName: 'unit-claims.csv',
        columns: CLAIM_COLUMNS,
        source: claims().exportSource(req.query.status),
        logger: req.log,
      }),
    decideClaim: async (req) => {
      const { id, decision } = req.body;
      const serialNumber = await claims().decide(id, decision === 'approve', req.session.user.username);
      if (serialNumber === null) {
        const status = await claims().statusOf(id);
        if (status === null) throw notFound(`There is no claim ${id}.`);
        // An expired claim's unit, if it is still there, has a new claim waiting in the list.
        if (status === 'expired') throw conflict(`Claim ${id} expired; a unit still asking has a newer one.`);
        throw conflict(`Claim ${id} was decided already.`);
      }
      return {
        message:
          decision === 'approve'
            ? `The claim to ${serialNumber} was approved: the unit gets its credential at its next try.`
            : `The claim to ${serialNumber} was refused.`,
      };
    },
  };
});
