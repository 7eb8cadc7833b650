import { specsRoutes } from '@ed/contract/routes/specs';
import { routesOf } from '../../shared/route-table.js';
import { SpecsService } from './specs.service.js';

/** Spec updates (part 2 §7). */
export default routesOf(specsRoutes, (app) => {
  const specs = new SpecsService(app.db, app.software.store, app.software.packageFiles);
  return {
    validateSpecUpdate: (request) => specs.validateNew(request.body.updatePath),
    createSpecUpdate: (request) => specs.create(request.body),
    updateSpecUpdate: (request) => specs.update(request.body),
    getSpecUpdates: (request) => specs.list(request.query.page),
  };
});
