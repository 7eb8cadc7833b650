import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import type { DemoInstallOutcomes } from '@ed/contract/demo-fleet';
import { rollouts } from '../../db/schema.js';

/** The demo rollout's release: its simulated installs fail often, so the rollout pauses on its threshold. */
export const DEMO_ROLLOUT = { family: 'aligner-oasis', semantic: '1.3.5' } as const;
export const DEMO_INSTALL_OUTCOMES: DemoInstallOutcomes = { [DEMO_ROLLOUT.semantic]: { failRate: 0.6 } };

/**
 * One rollout on a fresh database, made as a person would make it: a shared saved view of the
 * Oasis fleet, then a rollout of 1.3.5 to it in three waves, started. `publish` publishes the
 * release first, and `saveView` saves the view (the saved-views area's). The demo's simulated installs of 1.3.5 mostly fail: the first wave pauses it.
 */
export async function seedRolloutDemo(
  app: FastifyInstance,
  publish: () => Promise<void>,
  saveView: FastifyInstance['savedViews']['create'],
): Promise<boolean> {
  const [existing] = await app.db.select({ n: count() }).from(rollouts);
  if ((existing?.n ?? 0) > 0) return false;
  const admin = await app.usersRepository.findByUsername('admin');
  if (!admin) return false;
  await publish();
  const session = {
    sessionId: 'demo',
    expiresAt: new Date(Date.now() + 60_000),
    user: { id: admin.id, username: admin.username, email: admin.email, role: admin.role },
  };
  const view = await saveView(session, {
    name: 'Oasis fleet',
    shared: true,
    filter: { family: DEMO_ROLLOUT.family },
  });
  await app.rollouts.service.create(session, {
    name: `Oasis ${DEMO_ROLLOUT.semantic} to the whole fleet`,
    family: DEMO_ROLLOUT.family,
    payload: 'software',
    version: DEMO_ROLLOUT.semantic,
    target: { kind: 'view', viewId: view.id },
    waves: [
      { percent: 10, successThreshold: 90, pauseAfter: false },
      { percent: 40, successThreshold: 90, pauseAfter: true },
      { rest: true, successThreshold: 90, pauseAfter: false },
    ],
    thresholds: { errorPercent: 10, hungAfterMinutes: 30, ticketPercent: 2, ticketWindowHours: 48 },
    start: true,
  });
  return true;
}
