import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Geolocation, UpdateState } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { Role } from '@ed/contract/roles';

type BoardFeatures = { numCameras: number; numAccel: number; isDDAligner: boolean };
type Specs = { name: string; month: number; year: number };
type SpecsExpiration = { month: number; year: number };

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: tz('password_changed_at').notNull().defaultNow(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tz('locked_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case, so "Admin" cannot shadow "admin".
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
  ],
);

/** Bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Fixed-window counters shared by every server instance (sign-in and reset limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: tz('window_ends_at').notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);

/** Table of socket.io's postgres adapter, which carries live events between server instances. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: tz('created_at').defaultNow(),
  payload: bytea('payload'),
});

/** A unit of the fleet (part 1 §3). Created on its first connection; child rows follow its id. */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    family: text('family').$type<Family>().notNull(),
    versionSemantic: text('version_semantic'),
    versionMeta: text('version_meta'),
    systemClass: text('system_class'),
    boardClass: text('board_class'),
    logLevel: text('log_level').$type<'WARN' | 'INFO'>(),
    boardFeatures: jsonb('board_features').$type<BoardFeatures>(),
    specs: jsonb('specs').$type<Specs>(),
    specsExpiration: jsonb('specs_expiration').$type<SpecsExpiration>(),
    targetType: text('target_type'),
    pendingSoftwareDownload: text('pending_software_download'),
    updateState: jsonb('update_state').$type<UpdateState>(),
    connected: boolean('connected').notNull().default(false),
    connectCount: integer('connect_count').notNull().default(0),
    port: integer('port'),
    address: text('address'),
    currentProcedure: text('current_procedure'),
    alignmentCount: integer('alignment_count').notNull().default(0),
    geolocation: jsonb('geolocation').$type<Geolocation>(),
    countryCode: text('country_code'),
    /** The gateway instance holding the unit's connection, so a dead instance's units can be released. */
    connectedVia: text('connected_via'),
    lastSeenOnlineAt: tz('last_seen_online_at'),
    /** The version with each number zero-padded, so text order is version order (the list sorts by it). */
    versionSort: text('version_sort').generatedAlwaysAs(
      sql`lpad(split_part(version_semantic, '.', 1), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 2), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 3), 6, '0')`,
    ),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipment_serial_number_idx').on(t.serialNumber),
    // Substring search on serial numbers (filterSerialNumber) stays fast at a million units.
    index('equipment_serial_number_trgm_idx').using('gin', sql`${t.serialNumber} gin_trgm_ops`),
    index('equipment_connected_via_idx').on(t.connectedVia),
    index('equipment_connected_idx').on(t.connected),
    index('equipment_country_code_idx').on(t.countryCode, t.serialNumber),
    index('equipment_family_idx').on(t.family, t.serialNumber),
    index('equipment_version_prefix_idx').using('btree', sql`${t.versionSemantic} text_pattern_ops`),
    index('equipment_version_sort_idx').on(t.versionSort, t.serialNumber),
    index('equipment_created_at_idx').on(t.createdAt, t.serialNumber),
    index('equipment_updated_at_idx').on(t.updatedAt, t.serialNumber),
    index('equipment_alignment_count_idx').on(t.alignmentCount),
    index('equipment_pending_download_idx').on(t.family, t.pendingSoftwareDownload),
  ],
);

/** My Radar: each user's favorite units. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.equipmentId] }), index('favorites_equipment_idx').on(t.equipmentId)],
);

/** A unit's MQTT credential (its password), issued at registration; only the hash is kept. */
export const deviceCredentials = pgTable('device_credentials', {
  serialNumber: text('serial_number').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  revokedAt: tz('revoked_at'),
});

/** Latest-report reads (voltages, USB, printer) take the newest row of a unit and kind. */
export const equipmentReports = pgTable(
  'equipment_reports',
  {
    id: serial('id').primaryKey(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'voltages' | 'usb' | 'printer'>().notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('equipment_reports_latest_idx').on(t.equipmentId, t.kind, t.createdAt)],
);

export const screenShots = pgTable(
  'screen_shots',
  {
    id: serial('id').primaryKey(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    thumbFileName: text('thumb_file_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('screen_shots_equipment_idx').on(t.equipmentId, t.createdAt)],
);

/** Camera calibration records reported by units (part 2 §3); one per unit and calibration date. */
export const cameraCalibrations = pgTable(
  'camera_calibrations',
  {
    id: serial('id').primaryKey(),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    serialNumber: text('serial_number').notNull(),
    operator: text('operator').notNull(),
    version: text('version').notNull(),
    calibratedAt: tz('calibrated_at').notNull(),
    record: jsonb('record').$type<CameraCalibration>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('camera_calibrations_unit_date_idx').on(t.serialNumber, t.calibratedAt),
    index('camera_calibrations_calibrated_at_idx').on(t.calibratedAt),
  ],
);

/** One sample of the fleet's connected count per minute (the trend and /graph read these). */
export const connectionSamples = pgTable('connection_samples', {
  minute: tz('minute').primaryKey(),
  connected: integer('connected').notNull(),
  total: integer('total').notNull(),
});

/** Live gateway instances; a unit connected through an instance whose heartbeat stopped is released. */
export const gatewayInstances = pgTable('gateway_instances', {
  id: text('id').primaryKey(),
  heartbeatAt: tz('heartbeat_at').notNull().defaultNow(),
});

type PackageFile = { name: string; size: number };

/** A published software update of one family (part 2 §3); its files live under UPDATES_DIR/path. */
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
    /** The connection (connectCount) on which the unit was last told; a reconnect tells it again. */
    toldOnConnection: integer('told_on_connection'),
  },
  (t) => [
    index('staged_updates_family_auto_idx').on(t.family, t.autoStaged, t.lastProgressAt),
    index('staged_updates_update_idx').on(t.updateId),
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
    toldOnConnection: integer('told_on_connection').notNull(),
    toldAt: tz('told_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.specUpdateId] })],
);
