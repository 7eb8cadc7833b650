import type { RolloutPayload, RolloutSummary } from '@ed/contract/rollouts';

/** What a rollout delivers, as the list and the header say it: a spec rollout's version is its release's name. */
export const payloadText = (rollout: Pick<RolloutSummary, 'payload' | 'version'>): string =>
  rollout.payload === 'spec' ? `Spec ${rollout.version}` : rollout.version;

/** A spec release as the wizard lists it: EU-2032-02 (2/2032), marked when it is not active yet. */
export const specLabel = (spec: { name: string; month: number; year: number; active: boolean }): string =>
  `${spec.name} (${spec.month}/${spec.year})${spec.active ? '' : ' — inactive'}`;

interface Delivery {
  payload: RolloutPayload;
  version?: string | undefined;
  specUpdateId?: number | undefined;
}

/**
 * The request's payload and only the field it needs. The form keeps both the version and the
 * release while the user switches between them, but a request naming both would be ambiguous.
 */
export function deliveryOf<T extends Delivery>(values: T): Omit<T, 'version' | 'specUpdateId'> & Delivery {
  const { version, specUpdateId, ...rest } = values;
  return values.payload === 'spec' ? { ...rest, specUpdateId } : { ...rest, version };
}
