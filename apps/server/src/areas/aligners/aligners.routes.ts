import { alignersRoutes } from '@ed/contract/routes/aligners';
import { assertOwnUsername } from '../../shared/own-username.js';
import { routesOf } from '../../shared/route-table.js';

/** The equipment reads of part 1 §7 and Delete Equipment. */
export default routesOf(alignersRoutes, (app) => ({
  getAligner: async (req) => {
    assertOwnUsername(req.session, req.query.username);
    return app.aligners.read(req.session, req.query.serialNumber);
  },
  getAligners: async (req) => {
    const q = req.query;
    return app.aligners.list(
      req.session,
      {
        serialNumber: q.filterSerialNumber,
        countryCode: q.filterCountryCode,
        softwareVersion: q.filterSoftwareVersion,
        family: q.filterFamily,
      },
      { by: q.sortBy ?? 'serialNumber', desc: q.sortDesc },
      q.page,
    );
  },
  deleteEquipment: async (req) => {
    await app.aligners.delete(req.body.serialNumber);
    return { message: `Unit ${req.body.serialNumber} deleted.` };
  },
}));
