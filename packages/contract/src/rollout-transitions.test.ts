import { describe, expect, it } from 'vitest';
import { ROLLOUT_ACTIONS, ROLLOUT_TRANSITIONS } from './rollout-transitions.js';
import { rolloutsRoutes } from './routes/rollouts.js';

const ROUTE_OF = {
  start: rolloutsRoutes.startRollout,
  pause: rolloutsRoutes.pauseRollout,
  resume: rolloutsRoutes.resumeRollout,
  cancel: rolloutsRoutes.cancelRollout,
} as const;

describe('rollout transitions', () => {
  it.each(ROLLOUT_ACTIONS)('%s needs the permission its route is guarded by', (action) => {
    expect(ROUTE_OF[action].access).toEqual({ permission: ROLLOUT_TRANSITIONS[action].permission });
  });

  it('never leaves a finished rollout, and never ends where it started', () => {
    for (const action of ROLLOUT_ACTIONS) {
      const { from, to } = ROLLOUT_TRANSITIONS[action];
      expect(from).not.toContain('completed');
      expect(from).not.toContain('cancelled');
      expect(from).not.toContain(to);
    }
  });
});
