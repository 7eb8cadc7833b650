import { specsRoutes } from '@ed/contract/routes/specs';
import type { SpecUpdate } from '@ed/contract/specs';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Spec Releases table (Actions aside), the filter's patterns in full, dates as ISO UTC. */
const SPEC_COLUMNS: CsvColumn<SpecUpdate>[] = [
  { header: 'Display Name', value: (s) => s.version.name },
  { header: 'Month', value: (s) => s.version.month },
  { header: 'Year', value: (s) => s.version.year },
  { header: 'Aligners Require', value: (s) => s.prerequisites.require ?? 'N/A' },
  { header: 'Tru-Points Require', value: (s) => s.prerequisites.gtpsRequire ?? 'N/A' },
  { header: 'Oasis Require', value: (s) => s.prerequisites.oasisRequire ?? 'N/A' },
  { header: 'Active', value: (s) => (s.active ? 'yes' : 'no') },
  { header: 'Target Family', value: (s) => s.targetFamily },
  { header: 'Filter', value: (s) => s.filter.join(' ') },
  { header: 'Path', value: (s) => s.path },
  { header: 'Created At (UTC)', value: (s) => s.createdAt },
  { header: 'Updated At (UTC)', value: (s) => s.updatedAt },
];

/** Spec updates (part 2 §7). */
export default routesOf(specsRoutes, (app) => {
  const { specs } = app;
  return {
    validateSpecUpdate: (request) => specs.validateNew(request.body.updatePath),
    createSpecUpdate: (request) => specs.create(request.body),
    updateSpecUpdate: (request) => specs.update(request.body),
    getSpecUpdates: (request) => specs.list(request.query.page),
    exportSpecUpdates: (request, reply) =>
      sendCsv(reply, {
        fileName: 'spec-releases.csv',
        columns: SPEC_COLUMNS,
        source: specs.exportSource(),
        logger: request.log,
      }),
  };
});
