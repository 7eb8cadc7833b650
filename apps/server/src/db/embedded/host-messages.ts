import type { Lane } from './session-scheduler.js';

/** What the server tells the embedded database's thread. */
export type HostRequest =
  | { op: 'open'; connection: number; lane: Lane }
  | { op: 'data'; connection: number; bytes: Uint8Array }
  | { op: 'end'; connection: number }
  | { op: 'close' };

/** What the embedded database's thread answers. */
export type HostReply =
  /** `steps`: how the opening went, each step's start as epoch milliseconds (the thread's clock has its own origin). */
  | { op: 'ready'; steps: { name: string; startedAt: number; ms: number }[] }
  | { op: 'failed'; message: string }
  | { op: 'data'; connection: number; bytes: Uint8Array }
  | { op: 'closed'; error?: string };

export interface HostSettings {
  dataDir: string;
  /** Copy the build's migrated template into an empty `dataDir` (a first start). */
  useTemplate: boolean;
}
