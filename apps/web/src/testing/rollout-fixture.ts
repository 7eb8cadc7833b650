import type { Rollout, RolloutSummary, RolloutWave } from '@ed/contract/rollouts';
import type { SavedView } from '@ed/contract/saved-views';

/** A rollout in the list as the server answers it, for the rollouts feature's component tests. */
export function rolloutSummaryFixture(overrides: Partial<RolloutSummary> = {}): RolloutSummary {
  return {
    id: 5,
    name: 'Spring 5.4',
    family: 'aligner',
    payload: 'software',
    version: '5.4.0',
    specUpdateId: null,
    state: 'running',
    pausedReason: null,
    targetLabel: 'view Germany',
    total: 40,
    currentWave: 0,
    waveCount: 2,
    completed: 12,
    failed: 1,
    hung: 0,
    tickets: 2,
    createdBy: 'eve',
    createdAt: '2031-01-02T08:00:00.000Z',
    startedAt: '2031-01-02T08:01:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

export function waveFixture(overrides: Partial<RolloutWave> = {}): RolloutWave {
  return {
    index: 0,
    size: 10,
    successThreshold: 90,
    pauseAfter: false,
    state: 'running',
    staged: 10,
    inFlight: 4,
    completed: 4,
    failed: 1,
    hung: 1,
    skipped: 0,
    offline: 0,
    tickets: 1,
    startedAt: '2031-01-02T08:01:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** One rollout with its waves, thresholds, history and tickets. */
export function rolloutFixture(overrides: Partial<Rollout> = {}): Rollout {
  return {
    ...rolloutSummaryFixture(),
    target: { kind: 'view', viewId: 3 },
    thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
    perDay: null,
    slots: 100,
    waves: [
      waveFixture(),
      waveFixture({
        index: 1,
        size: 30,
        state: 'waiting',
        staged: 0,
        inFlight: 0,
        completed: 0,
        failed: 0,
        hung: 0,
        tickets: 0,
      }),
    ],
    events: [{ at: '2031-01-02T08:01:00.000Z', kind: 'started', by: 'eve', reason: null }],
    ticketList: [{ id: 77, serialNumber: 'V33CP1234', wave: 0, createdAt: '2031-01-02T09:00:00.000Z' }],
    ...overrides,
  };
}

export function savedViewFixture(overrides: Partial<SavedView> = {}): SavedView {
  return {
    id: 3,
    name: 'Germany',
    owner: 'alice',
    shared: false,
    filter: {
      countryCode: 'DE',
      serialNumber: undefined,
      softwareVersion: undefined,
      radarOf: undefined,
    },
    members: 120,
    createdAt: '2031-01-01T08:00:00.000Z',
    updatedAt: '2031-01-01T08:00:00.000Z',
    ...overrides,
  };
}
