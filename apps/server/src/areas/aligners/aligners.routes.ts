import { alignersRoutes } from '@ed/contract/routes/aligners';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import type { Equipment } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { assertOwnUsername } from '../../shared/own-username.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Equipment table (Actions aside), dates as ISO UTC. */
const EQUIPMENT_COLUMNS: CsvColumn<Equipment>[] = [
  { header: 'Serial Number', value: (u) => u.serialNumber },
  { header: 'Country', value: (u) => u.geolocation?.country_code },
  { header: 'Family', value: (u) => u.family },
  { header: 'Software Version', value: (u) => u.version?.semantic },
  { header: 'Created At (UTC)', value: (u) => u.createdAt },
  { header: 'Updated At (UTC)', value: (u) => u.updatedAt },
];

interface ParsedListQuery {
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: Family;
  sortBy?: EquipmentSortKey;
  sortDesc: boolean;
}

/** The list's query, as parsed, in the repository's terms (the list and its export read it alike). */
const listOf = (q: ParsedListQuery) => ({
  filter: {
    serialNumber: q.filterSerialNumber,
    countryCode: q.filterCountryCode,
    softwareVersion: q.filterSoftwareVersion,
    family: q.filterFamily,
  },
  sort: { by: q.sortBy ?? 'serialNumber', desc: q.sortDesc },
});

/** The equipment reads of part 1 §7 and Delete Equipment. */
export default routesOf(alignersRoutes, (app) => ({
  getAligner: async (req) => {
    assertOwnUsername(req.session, req.query.username);
    return app.aligners.read(req.session, req.query.serialNumber);
  },
  getAligners: async (req) => {
    const { filter, sort } = listOf(req.query);
    return app.aligners.list(req.session, filter, sort, req.query.page);
  },
  exportAligners: async (req, reply) => {
    const { filter, sort } = listOf(req.query);
    return sendCsv(reply, {
      fileName: 'equipment.csv',
      columns: EQUIPMENT_COLUMNS,
      source: app.aligners.exportSource(req.session, filter, sort),
      logger: req.log,
    });
  },
  deleteEquipment: async (req) => {
    await app.aligners.delete(req.body.serialNumber);
    return { message: `Unit ${req.body.serialNumber} deleted.` };
  },
}));
