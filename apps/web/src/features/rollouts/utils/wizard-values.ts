import { z } from 'zod';
import { familySchema, type Family } from '@ed/contract/families';
import {
  ROLLOUT_PAYLOADS,
  specUpdateIdSchema,
  type CreateRolloutRequest,
  type RolloutPayload,
  type RolloutTarget,
} from '@ed/contract/rollouts';

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

/** What the address of the wizard may choose beforehand. */
export interface WizardPreset {
  family?: Family;
  payload?: RolloutPayload;
  version?: string;
  specUpdateId?: number;
}

/**
 * The preset of the address: ?family=&version= (Software Updates' Roll out) or
 * ?payload=spec&specUpdateId=&family= (Spec Updates' Roll out). A value that makes no sense is
 * dropped rather than refused: the user chooses in the wizard.
 */
export function presetOf(params: URLSearchParams): WizardPreset {
  const read = (name: string) => params.get(name) ?? undefined;
  return {
    family: familySchema.optional().catch(undefined).parse(read('family')),
    payload: z.enum(ROLLOUT_PAYLOADS).optional().catch(undefined).parse(read('payload')),
    version: read('version'),
    specUpdateId: specUpdateIdSchema.optional().catch(undefined).parse(read('specUpdateId')),
  };
}

/** A new rollout: the version or spec release the address names, one wave of everything. */
export const wizardDefaults = (preset: WizardPreset): CreateRolloutRequest => ({
  name: '',
  family: preset.family ?? 'aligner',
  payload: preset.payload ?? 'software',
  version: preset.version ?? '',
  specUpdateId: preset.specUpdateId,
  target: EMPTY_TARGETS.view,
  waves: [{ rest: true, successThreshold: DEFAULT_SUCCESS_THRESHOLD, pauseAfter: false }],
  thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
});
