import { statusMessageSchema, type StatusMessage } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import {
  jsonOf,
  type CloseSeen,
  type ConnectSeen,
  type PublishSeen,
  type Seen,
  type SubscribeSeen,
} from './observations.js';

/** What docs/device-protocol.md lists for the full state report after the birth. */
export const FULL_STATE_FIELDS = [
  'version',
  'family',
  'systemClass',
  'boardClass',
  'logLevel',
  'boardFeatures',
  'specs',
  'specsExpiration',
  'targetType',
  'pendingSoftwareDownload',
  'updateState',
  'currentProcedure',
  'alignmentCount',
  'seq',
] as const;

/** One connection the kit's broker let in, and what came over it. */
export interface ConnectionView {
  connect: ConnectSeen;
  /** The sequence in its will, the connection's own. */
  seq: number | null;
  subscribes: SubscribeSeen[];
  /** What the unit published on it (its will is apart). */
  publishes: PublishSeen[];
  will: PublishSeen | null;
  close: CloseSeen | null;
  /** The first `{online: true}` on its status topic. */
  birth: PublishSeen | null;
  /** The first state report after the birth that has every field. */
  fullState: PublishSeen | null;
}

export function statusOf(p: PublishSeen): StatusMessage | null {
  const parsed = statusMessageSchema.safeParse(jsonOf(p.payload));
  return parsed.success ? parsed.data : null;
}

export function seqOf(payload: string): number | null {
  const seq = (jsonOf(payload) as { seq?: unknown } | undefined)?.seq;
  return typeof seq === 'number' ? seq : null;
}

export const willSeqOf = (connect: ConnectSeen): number | null => (connect.will ? seqOf(connect.will.payload) : null);

export const hasEveryField = (payload: string): boolean => {
  const json = jsonOf(payload);
  return typeof json === 'object' && json !== null && FULL_STATE_FIELDS.every((field) => field in json);
};

/** The unit's accepted connections, in order, each with what came over it. */
export function connectionsOf(log: readonly Seen[], topics: DeviceTopics, serial: string): ConnectionView[] {
  const views = new Map<number, ConnectionView>();
  const status = topics.status(serial);
  for (const seen of log) {
    if (seen.kind === 'connect' && seen.refusal === null) {
      views.set(seen.connection, {
        connect: seen,
        seq: willSeqOf(seen),
        subscribes: [],
        publishes: [],
        will: null,
        close: null,
        birth: null,
        fullState: null,
      });
      continue;
    }
    if (seen.kind !== 'subscribe' && seen.kind !== 'publish' && seen.kind !== 'close') continue;
    const view = views.get(seen.connection);
    if (!view) continue;
    if (seen.kind === 'subscribe') view.subscribes.push(seen);
    else if (seen.kind === 'close') view.close = seen;
    else if (seen.will) view.will = seen;
    else {
      view.publishes.push(seen);
      if (!view.birth && seen.topic === status && statusOf(seen)?.online === true) view.birth = seen;
      else if (view.birth && !view.fullState && seen.topic === topics.state(serial) && hasEveryField(seen.payload)) {
        view.fullState = seen;
      }
    }
  }
  return [...views.values()];
}

/** The births and beats of a connection: its `{online: true}` status messages. */
export const beatsOf = (view: ConnectionView, statusTopic: string): PublishSeen[] =>
  view.publishes.filter((p) => p.topic === statusTopic && statusOf(p)?.online === true);
