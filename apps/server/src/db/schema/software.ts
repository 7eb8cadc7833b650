// Software and spec updates, staging, schedules and the update scheduler.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Family } from '@ed/contract/families';
import type { ReleaseMetadata, RootMetadata } from '@ed/contract/release-metadata';
import { tz } from './columns.js';
import { storedFiles } from './files.js';

type PackageFile = { name: string; size: number };

/** A published software update of one family (part 2 §3); its files were copied from UPDATES_DIR/path (package_files). */
export const softwareUpdates = pgTable(
  'software_updates',
  {
    id: serial('id').primaryKey(),
    family: text('family').$type<Family>().notNull(),
    semantic: text('semantic').notNull(),
    meta: text('meta'),
    prerequisite: text('prerequisite'),
    path: text('path').notNull(),
    files: jsonb('files').$type<PackageFile[]>().notNull(),
    /** The signed release metadata (release.json) it was created from; null when unsigned was allowed. */
    releaseMetadata: jsonb('release_metadata').$type<ReleaseMetadata>(),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('software_updates_family_semantic_idx').on(t.family, t.semantic),
    index('software_updates_family_created_idx').on(t.family, t.createdAt),
  ],
);

/** A unit's staged update: the server owns the pending download (docs/device-protocol.md). */
export const stagedUpdates = pgTable(
  'staged_updates',
  {
    serialNumber: text('serial_number').primaryKey(),
    family: text('family').$type<Family>().notNull(),
    updateId: integer('update_id')
      .notNull()
      .references(() => softwareUpdates.id),
    semantic: text('semantic').notNull(),
    autoStaged: boolean('auto_staged').notNull().default(false),
    stagedAt: tz('staged_at').notNull(),
    /** Last time the unit showed update progress; the scheduler's hung detection reads it. */
    lastProgressAt: tz('last_progress_at').notNull(),
    /** What the unit last reported about this update; a different report counts as progress. */
    progressKey: text('progress_key'),
    /**
     * The connection on which the unit was told (areas/software/unit-connection.ts), claimed before
     * the command goes out so only one sender tells it; a reconnect tells it again.
     */
    toldOnConnection: bigint('told_on_connection', { mode: 'number' }),
    /** When the tell was claimed: a claim older than the lease without an answer is taken again. */
    toldAt: tz('told_at'),
    /** The unit answered `stage` on `toldOnConnection`: the tell is done (an outbox row delivered). */
    tellTaken: boolean('tell_taken').notNull().default(false),
  },
  (t) => [
    index('staged_updates_family_auto_idx').on(t.family, t.autoStaged, t.lastProgressAt),
    index('staged_updates_update_idx').on(t.updateId),
    // The tells still owed (software/tell-round.ts): never claimed, or claimed and not answered.
    index('staged_updates_untold_idx')
      .on(t.toldAt)
      .where(sql`not ${t.tellTaken}`),
  ],
);

/** A schedule as created: one update, one day, many units (scheduled_stages). */
export const updateSchedules = pgTable('update_schedules', {
  id: serial('id').primaryKey(),
  updateId: integer('update_id')
    .notNull()
    .references(() => softwareUpdates.id),
  day: text('day').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** One unit of a schedule: staged on `runAt` by whichever server instance claims it first. */
export const scheduledStages = pgTable(
  'scheduled_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => updateSchedules.id),
    serialNumber: text('serial_number').notNull(),
    updateId: integer('update_id')
      .notNull()
      .references(() => softwareUpdates.id),
    runAt: tz('run_at').notNull(),
    doneAt: tz('done_at'),
    outcome: text('outcome'),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_stages_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    index('scheduled_stages_run_at_idx').on(t.runAt),
    index('scheduled_stages_serial_idx').on(t.serialNumber),
  ],
);

/** What the update scheduler did, one row per act; statistics are counted from these. */
export const schedulerEvents = pgTable(
  'scheduler_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    family: text('family').$type<Family>().notNull(),
    kind: text('kind').$type<'auto_staged' | 'auto_unstaged' | 'hung' | 'delivery'>().notNull(),
    serialNumber: text('serial_number').notNull(),
    /** For a slot that frees: how long it was held, in minutes. */
    slotAgeMinutes: integer('slot_age_minutes'),
    at: tz('at').notNull(),
  },
  (t) => [
    index('scheduler_events_family_at_idx').on(t.family, t.at),
    index('scheduler_events_serial_idx').on(t.serialNumber),
  ],
);

/** The fleet per family once an hour (the latest sample of an hour wins): the series' levels. */
export const schedulerSamples = pgTable(
  'scheduler_samples',
  {
    family: text('family').$type<Family>().notNull(),
    hour: tz('hour').notNull(),
    connected: integer('connected').notNull(),
    atCurrentVersion: integer('at_current_version').notNull(),
    connections: integer('connections').notNull(),
    slotsUsed: integer('slots_used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.family, t.hour] })],
);

/** Spec releases (part 2 §3). */
export const specUpdates = pgTable(
  'spec_updates',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    require: text('require'),
    gtpsRequire: text('gtps_require'),
    oasisRequire: text('oasis_require'),
    active: boolean('active').notNull().default(true),
    targetFamily: text('target_family').$type<'all' | Family>().notNull().default('all'),
    filter: jsonb('filter').$type<string[]>().notNull(),
    files: jsonb('files').$type<PackageFile[]>().notNull(),
    releaseMetadata: jsonb('release_metadata').$type<ReleaseMetadata>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spec_updates_path_idx').on(t.path), index('spec_updates_created_idx').on(t.createdAt)],
);

/** Which unit was told about which spec release, on which connection (a reconnect tells it again). */
export const specDeliveries = pgTable(
  'spec_deliveries',
  {
    serialNumber: text('serial_number').notNull(),
    specUpdateId: integer('spec_update_id')
      .notNull()
      .references(() => specUpdates.id, { onDelete: 'cascade' }),
    /** Claimed before the release goes out, as for staged updates. */
    toldOnConnection: bigint('told_on_connection', { mode: 'number' }).notNull(),
    toldAt: tz('told_at').notNull(),
    /** The unit answered `stage_specs` on that connection; an unanswered claim is taken again after the lease. */
    taken: boolean('taken').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.specUpdateId] })],
);

/**
 * The files of a software update or spec release as copied into the file store at its creation
 * (manifest.json included), so any instance serves them whatever is left in UPDATES_DIR.
 */
export const packageFiles = pgTable(
  'package_files',
  {
    id: serial('id').primaryKey(),
    softwareUpdateId: integer('software_update_id').references(() => softwareUpdates.id),
    specUpdateId: integer('spec_update_id').references(() => specUpdates.id),
    name: text('name').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
  },
  (t) => [
    uniqueIndex('package_files_software_name_idx').on(t.softwareUpdateId, t.name),
    uniqueIndex('package_files_spec_name_idx').on(t.specUpdateId, t.name),
    uniqueIndex('package_files_file_key_idx').on(t.fileKey),
    check('package_files_one_owner', sql`num_nonnulls(${t.softwareUpdateId}, ${t.specUpdateId}) = 1`),
  ],
);

/**
 * The release roots the console trusts, one row per version (docs/signed-updates.md): the first
 * pinned from RELEASE_ROOT_FILE (or the demo's), each later one checked against the one before.
 * Units get the chain with each stage command, to walk from the root they pinned.
 */
export const releaseRoots = pgTable('release_roots', {
  version: integer('version').primaryKey(),
  metadata: jsonb('metadata').$type<RootMetadata>().notNull(),
  /** Who rotated to it: "pinned" (the first), "RELEASE_ROOT_FILE", or the admin's user name. */
  source: text('source').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
