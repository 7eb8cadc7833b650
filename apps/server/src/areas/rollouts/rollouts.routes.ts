import { ROLLOUT_VERSIONS_MAX, type RolloutSummary } from '@ed/contract/rollouts';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Rollouts table, the compound ones (version, progress, created) split in theirs. */
const ROLLOUT_COLUMNS: CsvColumn<RolloutSummary>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Family', value: (r) => r.family },
  { header: 'Payload', value: (r) => r.payload },
  { header: 'Version', value: (r) => r.version },
  { header: 'Target', value: (r) => r.targetLabel },
  { header: 'State', value: (r) => r.state },
  { header: 'Paused Because', value: (r) => r.pausedReason },
  { header: 'Completed', value: (r) => r.completed },
  { header: 'Units', value: (r) => r.total },
  { header: 'Failed', value: (r) => r.failed },
  { header: 'Hung', value: (r) => r.hung },
  { header: 'Tickets', value: (r) => r.tickets },
  { header: 'Created By', value: (r) => r.createdBy },
  { header: 'Created (UTC)', value: (r) => r.createdAt },
];

/** Rollouts: everyone reads; admin and engineer run them; support_lvl2 may also pause. */
export default routesOf(rolloutsRoutes, (app) => {
  const rollouts = () => app.rollouts.service;
  return {
    listRollouts: async (req) => rollouts().list(req.query.state, req.query.page),
    exportRollouts: async (req, reply) =>
      sendCsv(reply, {
        fileName: 'rollouts.csv',
        columns: ROLLOUT_COLUMNS,
        source: rollouts().exportSource(req.query.state),
        logger: req.log,
      }),
    getRollout: async (req) => rollouts().get(req.query.id),
    getRolloutUnits: async (req) => rollouts().units(req.query.id, req.query.state, req.query.page),
    listRolloutVersions: async (req) => {
      const [rows, specs] = await Promise.all([
        app.rollouts.versions(req.query.family, ROLLOUT_VERSIONS_MAX),
        app.rollouts.service.specsFor(req.query.family, ROLLOUT_VERSIONS_MAX),
      ]);
      return { versions: rows.map((r) => ({ semantic: r.semantic, createdAt: r.createdAt.toISOString() })), specs };
    },
    planRollout: async (req) => rollouts().plan(req.session, req.body),
    createRollout: async (req) => rollouts().create(req.session, req.body),
    startRollout: async (req) => rollouts().start(req.session, req.body.id),
    pauseRollout: async (req) => rollouts().pause(req.session, req.body.id, req.body.reason),
    resumeRollout: async (req) => rollouts().resume(req.session, req.body.id),
    skipOfflineUnits: async (req) => rollouts().skipOffline(req.session, req.body.id, req.body.wave),
    setWaveThreshold: async (req) =>
      rollouts().setWaveThreshold(req.session, req.body.id, req.body.wave, req.body.successThreshold),
    cancelRollout: async (req) => rollouts().cancel(req.session, req.body.id),
  };
});
