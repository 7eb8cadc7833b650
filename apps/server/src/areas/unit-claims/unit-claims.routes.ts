import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import { conflict, notFound } from '../../shared/domain-error.js';
import { routesOf } from '../../shared/route-table.js';

/**
 * Claims to registered serial numbers (/UnitClaims, admin): the fleet's enrollment key alone
 * cannot take a unit over, so a unit that lost its credential waits here for a person.
 */
export default routesOf(unitClaimsRoutes, (app) => {
  const claims = () => app.fleet.credentials.claims;
  return {
    listClaims: async (req) => claims().list(req.query.status),
    decideClaim: async (req) => {
      const { id, decision } = req.body;
      const serialNumber = await claims().decide(id, decision === 'approve', req.session.user.username);
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
  };
});
