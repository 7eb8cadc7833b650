import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * What the areas that target saved views (rollouts, messages, notifications, schedules) need of
 * them: a view's condition on units, found when it is used, and a say before a view is deleted.
 */
export interface ViewTargets {
  /** 404 for a view the user may not see; a null user (the server's own jobs) sees every view. */
  conditionOf(id: number, userId: number | null, db?: Db): Promise<{ name: string; condition: SQL | undefined }>;
  /** A check run before a view is deleted: what still needs it, in words, or null. */
  guardDelete(check: (tx: Db, view: { id: number; name: string }, now: Date) => Promise<string | null>): void;
}
