import type { Family } from '@ed/contract/families';
import { softwareRoutes, type StagingCalls } from '@ed/contract/routes/software';
import { routesOf, type RouteHandler } from '../../shared/route-table.js';

type FamilyHandlers = { [K in keyof StagingCalls]: RouteHandler<StagingCalls[K]> };

/** Update creation (part 2 §7) and immediate staging (part 1 §7), one set of calls per family. */
export default routesOf(softwareRoutes, (app) => {
  const family = (f: Family): FamilyHandlers => ({
    validate: async (request) => {
      const pkg = await app.software.service.validateNew(f, request.body.updatePath);
      return { ...pkg.manifest, files: pkg.files, path: pkg.path, verification: pkg.verification };
    },
    create: (request) => app.software.service.create(f, request.body, request.session.user.username),
    stage: async (request) => {
      const { serialNumber, version } = request.body;
      const { update, at } = await app.software.service.stage(f, serialNumber, version.semantic);
      return {
        serialNumber,
        version: { semantic: update.semantic, meta: update.meta },
        stagedAt: at.toISOString(),
      };
    },
    unstage: async (request) => {
      const { serialNumber } = request.body;
      return { serialNumber, unstaged: await app.software.service.unstage(f, serialNumber) };
    },
  });
  const aligner = family('aligner');
  const gtps = family('gtps');
  const oasis = family('aligner-oasis');
  return {
    validateUpdate: aligner.validate,
    createUpdate: aligner.create,
    stageUpdate: aligner.stage,
    unstageUpdate: aligner.unstage,
    validateGtpsUpdate: gtps.validate,
    createGtpsUpdate: gtps.create,
    stageGtpsUpdate: gtps.stage,
    unstageGtpsUpdate: gtps.unstage,
    validateOasisUpdate: oasis.validate,
    createOasisUpdate: oasis.create,
    stageOasisUpdate: oasis.stage,
    unstageOasisUpdate: oasis.unstage,
  };
});
