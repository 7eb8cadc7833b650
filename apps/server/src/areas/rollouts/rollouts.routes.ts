import { ROLLOUT_VERSIONS_MAX } from '@ed/contract/rollouts';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { routesOf } from '../../shared/route-table.js';

/** Rollouts: everyone reads; admin and engineer run them; support_lvl2 may also pause. */
export default routesOf(rolloutsRoutes, (app) => {
  const rollouts = () => app.rollouts.service;
  return {
    listRollouts: async (req) => rollouts().list(req.query.state, req.query.page),
    getRollout: async (req) => rollouts().get(req.query.id),
    getRolloutUnits: async (req) => rollouts().units(req.query.id, req.query.state, req.query.page),
    listRolloutVersions: async (req) => {
      const [rows, specs] = await Promise.all([
        app.software.staging.versions(req.query.family, ROLLOUT_VERSIONS_MAX),
        app.rollouts.service.specsFor(req.query.family, ROLLOUT_VERSIONS_MAX),
      ]);
      return { versions: rows.map((r) => ({ semantic: r.semantic, createdAt: r.createdAt.toISOString() })), specs };
    },
    planRollout: async (req) => rollouts().plan(req.session, req.body),
    createRollout: async (req) => rollouts().create(req.session, req.body),
    startRollout: async (req) => rollouts().start(req.session, req.body.id),
    pauseRollout: async (req) => rollouts().pause(req.session, req.body.id, req.body.reason),
    resumeRollout: async (req) => rollouts().resume(req.session, req.body.id),
    cancelRollout: async (req) => rollouts().cancel(req.session, req.body.id),
  };
});
