// Saved views (dynamic groups) and rollouts (docs/rollouts.md).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import type { Family } from '@ed/contract/families';
import type {
  RolloutPayload,
  RolloutState,
  RolloutTarget,
  RolloutThresholds,
  RolloutUnitState,
} from '@ed/contract/rollouts';
import type { ViewFilter } from '@ed/contract/saved-views';
import { tz } from './columns.js';
import { users } from './accounts.js';
import { softwareUpdates, specUpdates } from './software.js';

/** An equipment-list filter under a name; its members are found when it is used, never stored. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    filter: jsonb('filter').$type<ViewFilter>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_owner_idx').on(t.ownerId, t.name),
    index('saved_views_shared_idx')
      .on(t.name)
      .where(sql`${t.shared}`),
  ],
);

/** A target as stored: once started, a list's serial numbers live in rollout_units and `count` keeps their number. */
export type StoredTarget = RolloutTarget & { count?: number };
export type StoredWave = {
  percent?: number;
  count?: number;
  rest?: boolean;
  successThreshold: number;
  pauseAfter: boolean;
};

export const rollouts = pgTable(
  'rollouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    family: text('family').$type<Family>().notNull(),
    payload: text('payload').$type<RolloutPayload>().notNull().default('software'),
    /** The software update (payload software). */
    updateId: integer('update_id').references(() => softwareUpdates.id),
    /** The spec release (payload spec): delivered only to the units its rollouts let through. */
    specUpdateId: integer('spec_update_id').references(() => specUpdates.id),
    /** The software version, or the spec release's name. */
    semantic: text('semantic').notNull(),
    target: jsonb('target').$type<StoredTarget>().notNull(),
    targetLabel: text('target_label').notNull(),
    waveSpecs: jsonb('wave_specs').$type<StoredWave[]>().notNull(),
    thresholds: jsonb('thresholds').$type<RolloutThresholds>().notNull(),
    perDay: integer('per_day'),
    slots: integer('slots').notNull(),
    state: text('state').$type<RolloutState>().notNull(),
    currentWave: integer('current_wave').notNull().default(0),
    pausedReason: text('paused_reason'),
    /** Members once started (units of the target below the version). */
    total: integer('total').notNull().default(0),
    /** Tickets per unit of the family in the window, before the start: the baseline the factor multiplies. */
    baselineRate: doublePrecision('baseline_rate'),
    /** The newest support ticket already looked at for the ticket signal. */
    ticketWatermark: integer('ticket_watermark').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('rollouts_created_idx').on(t.createdAt, t.id),
    index('rollouts_state_created_idx').on(t.state, t.createdAt, t.id),
    // The round's work list and the scheduler's "does a rollout hold this family".
    index('rollouts_active_idx')
      .on(t.family, t.state)
      .where(sql`${t.state} in ('running', 'paused')`),
    // Spec delivery's "does this release go through a rollout".
    index('rollouts_spec_idx')
      .on(t.specUpdateId)
      .where(sql`${t.specUpdateId} is not null`),
  ],
);

/** A wave's size and counters, kept as the round settles its units (never counted from rollout_units). */
export const rolloutWaves = pgTable(
  'rollout_waves',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    size: integer('size').notNull(),
    successThreshold: real('success_threshold').notNull(),
    pauseAfter: boolean('pause_after').notNull(),
    staged: integer('staged').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    hung: integer('hung').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    tickets: integer('tickets').notNull().default(0),
    /** The counts when a person last resumed: thresholds count what happened since (docs/rollouts.md). */
    ackStaged: integer('ack_staged').notNull().default(0),
    ackErrors: integer('ack_errors').notNull().default(0),
    ackTickets: integer('ack_tickets').notNull().default(0),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.rolloutId, t.index] })],
);

export const rolloutUnits = pgTable(
  'rollout_units',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    wave: integer('wave').notNull(),
    state: text('state').$type<RolloutUnitState>().notNull().default('pending'),
    stagedAt: tz('staged_at'),
    doneAt: tz('done_at'),
    reason: text('reason'),
    /** An `offline` unit is looked at again from then on. */
    retryAt: tz('retry_at'),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.serialNumber] }),
    // The round's two walks: units to stage (pending, wave by wave) and units in flight.
    index('rollout_units_state_idx').on(t.rolloutId, t.state, t.wave, t.serialNumber),
    // Renames, and the ticket signal's look-up of a ticket's unit.
    index('rollout_units_serial_idx').on(t.serialNumber),
    // Units found offline, by when they are due to be looked at again.
    index('rollout_units_retry_idx')
      .on(t.rolloutId, t.retryAt)
      .where(sql`${t.state} = 'offline'`),
    // The daily cap: units staged since a day began.
    index('rollout_units_staged_idx').on(t.rolloutId, t.stagedAt),
  ],
);

/** Tickets opened against a rollout's units within the window after they were staged. */
export const rolloutTickets = pgTable(
  'rollout_tickets',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    wave: integer('wave').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolloutId, t.ticketId] })],
);

/** A rollout's history: every transition, by whom (a person or the system), and why. */
export const rolloutEvents = pgTable(
  'rollout_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    at: tz('at').notNull(),
    kind: text('kind').notNull(),
    by: text('by').notNull(),
    reason: text('reason'),
  },
  (t) => [index('rollout_events_rollout_idx').on(t.rolloutId, t.at)],
);
