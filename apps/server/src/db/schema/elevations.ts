// Elevations: a raised log level, an open port or an RCP session, each until it reverts.
import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ElevationKind } from '@ed/contract/elevations';
import { tz } from './columns.js';

/**
 * One elevation of a unit, open until `endedAt`. The expiry is a row, so it holds across restarts
 * and instances: whichever instance's job finds it due (and the unit connected) claims and reverts it.
 */
export const elevations = pgTable(
  'elevations',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    kind: text('kind').$type<ElevationKind>().notNull(),
    raisedBy: text('raised_by').notNull(),
    raisedAt: tz('raised_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    /** An instance sending the revert holds it until then (a lease: a crash mid-send frees it). */
    claimedUntil: tz('claimed_until'),
    endedAt: tz('ended_at'),
    /** Who ended it: the system when it expired, or the person who lowered it first. */
    endedBy: text('ended_by'),
  },
  (t) => [
    // One open elevation per unit and kind: raising again extends it.
    uniqueIndex('elevations_open_idx')
      .on(t.serialNumber, t.kind)
      .where(sql`${t.endedAt} is null`),
    // The job's "what is due".
    index('elevations_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.endedAt} is null`),
  ],
);
