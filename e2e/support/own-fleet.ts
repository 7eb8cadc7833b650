import { startFleet, type Fleet, type StartFleetOptions } from '@ed/simulator/fleet';
import { baseURL, E2E } from './e2e-env.js';

/**
 * Virtual units of a test's own, enrolled with the e2e server's key: they stay connected and quiet
 * (no churn, no activity) unless the test says otherwise, so whatever happens to them is the test's doing.
 */
export function startOwnFleet(options: Omit<StartFleetOptions, 'serverUrl' | 'enrollmentKey'>): Fleet {
  return startFleet({
    serverUrl: baseURL,
    enrollmentKey: E2E.enrollmentKey,
    offlineShare: 0,
    churn: 0,
    activity: false,
    ...options,
  });
}
