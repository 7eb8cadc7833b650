import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { rolloutTickets, rolloutUnits } from '../../db/schema.js';
import { RolloutRound } from './rollout-round.js';
import { RolloutsRepository } from './rollouts.repository.js';
import { RolloutsService } from './rollouts.service.js';
import type { Staging } from '../../ports/staging.js';

interface RolloutsArea {
  service: RolloutsService;
  round: RolloutRound;
  /** Runs a round and pushes what changed (the timer's tick; tests call it directly). */
  tick(): Promise<void>;
  /** The family's published versions a rollout may take, newest first (the software area's). */
  versions: Staging['versions'];
}

declare module 'fastify' {
  interface FastifyInstance {
    rollouts: RolloutsArea;
  }
}

/** In-flight units per rollout when it names none: ten times the family's automatic slots. */
const SLOTS_PER_AUTO_SLOT = 10;

/** Rollouts (docs/rollouts.md): waves with thresholds, advanced by a round on one instance at a time. */
async function rolloutsPlugin(app: FastifyInstance) {
  const { db, config, log } = app;
  const now = () => app.software.clock.now();
  const repository = new RolloutsRepository(db, app.audits, app.events);
  const staging = app.software.staging;
  const service = new RolloutsService({
    db,
    repository,
    staging,
    views: app.savedViews,
    live: app.live,
    defaultSlots: Math.max(1, config.AUTO_STAGE_SLOTS * SLOTS_PER_AUTO_SLOT),
    now,
  });
  const round = new RolloutRound({ db, repository, staging, now, logger: log });
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    const { changed } = await round.run();
    await service.push(changed);
  };
  app.decorate('rollouts', { service, round, tick, versions: (family, max) => staging.versions(family, max) });

  app.savedViews.guardDelete(async (tx, view) => {
    const draft = await repository.draftTargetingView(tx, view.id);
    return draft && `The draft rollout “${draft}” targets the view ${view.name}; change or cancel it first.`;
  });

  app.events.on('unitRenamed', 'rollouts', async ({ tx, from, to }) => {
    await tx.update(rolloutUnits).set({ serialNumber: to }).where(eq(rolloutUnits.serialNumber, from));
    await tx.update(rolloutTickets).set({ serialNumber: to }).where(eq(rolloutTickets.serialNumber, from));
  });

  let timer: NodeJS.Timeout | undefined;
  app.startWork.add('rollout rounds', async () => {
    if (config.ROLLOUT_TICK_SECONDS <= 0) return;
    timer = setInterval(() => {
      running = tick().catch((err: unknown) => log.error({ err }, 'rollout round failed'));
    }, config.ROLLOUT_TICK_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(rolloutsPlugin, {
  name: 'rollouts',
  dependencies: ['database', 'software', 'saved-views', 'live', 'audits'],
});
