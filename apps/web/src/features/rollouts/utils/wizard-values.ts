import type { Family } from '@ed/contract/families';
import type { CreateRolloutRequest, RolloutTarget } from '@ed/contract/rollouts';

/** A wave row of the form: the request's wave (a percent, a count or the rest), numbers as typed. */
export type WaveRowValues = NonNullable<CreateRolloutRequest['waves']>[number];
export type WaveSize = 'percent' | 'count' | 'rest';

export const sizeOf = (wave: WaveRowValues): WaveSize =>
  wave.rest === true ? 'rest' : wave.count !== undefined ? 'count' : 'percent';

/** The same wave with another kind of size, its amount to be typed. */
export function withSize(wave: WaveRowValues, size: WaveSize): WaveRowValues {
  const { successThreshold, pauseAfter } = wave;
  if (size === 'rest') return { rest: true, successThreshold, pauseAfter };
  return size === 'count' ? { count: '', successThreshold, pauseAfter } : { percent: '', successThreshold, pauseAfter };
}

export const DEFAULT_SUCCESS_THRESHOLD = 90;
export const newWave = (): WaveRowValues => ({
  percent: '',
  successThreshold: DEFAULT_SUCCESS_THRESHOLD,
  pauseAfter: false,
});

/** The canary preset: 1 % → 10 % → the rest. */
export const CANARY_WAVES: WaveRowValues[] = [
  { percent: 1, successThreshold: DEFAULT_SUCCESS_THRESHOLD, pauseAfter: false },
  { percent: 10, successThreshold: DEFAULT_SUCCESS_THRESHOLD, pauseAfter: false },
  { rest: true, successThreshold: DEFAULT_SUCCESS_THRESHOLD, pauseAfter: false },
];

export type TargetKind = RolloutTarget['kind'];

/** A target of each kind, still to be filled in. */
export const EMPTY_TARGETS: Record<TargetKind, CreateRolloutRequest['target']> = {
  view: { kind: 'view', viewId: '' },
  pattern: { kind: 'pattern', pattern: '' },
  serials: { kind: 'serials', serialNumbers: [] },
};

/** A new rollout: the version the address names (from Software Updates), one wave of everything. */
export const wizardDefaults = (preset: { family?: Family; version?: string }): CreateRolloutRequest => ({
  name: '',
  family: preset.family ?? 'aligner',
  version: preset.version ?? '',
  target: EMPTY_TARGETS.view,
  waves: [{ rest: true, successThreshold: DEFAULT_SUCCESS_THRESHOLD, pauseAfter: false }],
  thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
});
