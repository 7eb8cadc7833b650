/**
 * The Rollouts screen's addresses: its list, the create wizard over it and one rollout (a deep link).
 * The contract's route table (web-routes.ts) does not list them yet, so they are added here; their
 * frame and its access are the Rollouts menu item's (screen.tsx finds it by the address's start).
 */
export const ROLLOUT_ROUTES = ['/Rollouts', '/Rollouts/new', '/Rollouts/:id'] as const;
