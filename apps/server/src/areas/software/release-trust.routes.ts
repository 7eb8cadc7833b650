import { releaseTrustRoutes } from '@ed/contract/routes/release-trust';
import { routesOf } from '../../shared/route-table.js';

/** The trusted release keys, and their rotation by an administrator (docs/signed-updates.md). */
export default routesOf(releaseTrustRoutes, (app) => {
  const { roots } = app.software;
  const allowUnsigned = app.config.ALLOW_UNSIGNED_UPDATES;
  return {
    getReleaseTrust: () => roots.describe(allowUnsigned),
    rotateReleaseRoot: async (request) => {
      const outcome = await roots.trust(request.body.root, request.session.user.username);
      request.log.info({ outcome, version: request.body.root.signed.version }, `release root ${outcome}`);
      return { outcome, trust: await roots.describe(allowUnsigned) };
    },
  };
});
