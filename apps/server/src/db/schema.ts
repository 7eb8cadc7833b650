import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
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
    // The Users screen's username filter is a prefix match.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
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
    // Country and family together: the list counts and pages this pair without a bitmap AND.
    index('equipment_country_family_idx').on(t.countryCode, t.family, t.serialNumber),
    // With the serial number, a version prefix is counted and paged by serial from the index alone.
    index('equipment_version_prefix_idx').using('btree', sql`${t.versionSemantic} text_pattern_ops`, t.serialNumber),
    index('equipment_version_sort_idx').on(t.versionSort, t.serialNumber),
    index('equipment_created_at_idx').on(t.createdAt, t.serialNumber),
    index('equipment_updated_at_idx').on(t.updatedAt, t.serialNumber),
    index('equipment_alignment_count_idx').on(t.alignmentCount),
    index('equipment_pending_download_idx').on(t.family, t.pendingSoftwareDownload),
    // The notification target lists (country, region, city) and the notification's audience.
    index('equipment_place_idx').using(
      'btree',
      sql`(${t.geolocation}->>'country_name')`,
      sql`(${t.geolocation}->>'region')`,
      sql`(${t.geolocation}->>'city')`,
    ),
  ],
);

/**
 * The fleet's size, kept exact by statement triggers on `equipment` (migration
 * 0003_equipment_totals): the unfiltered list's `totalDocs` without counting a million rows.
 */
export const equipmentTotals = pgTable('equipment_totals', {
  id: smallint('id').primaryKey().default(1),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
});

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

/** Support tickets (part 1 §3): the unit's details are copied at creation, so a ticket outlives its unit. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    family: text('family').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    specs: text('specs').notNull(),
    connected: boolean('connected').notNull(),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull(),
    originatorName: text('originator_name').notNull(),
    originatorEmail: text('originator_email').notNull(),
    techOnSite: boolean('tech_on_site'),
    exhibitingNow: boolean('exhibiting_now'),
    reproducible: boolean('reproducible'),
    disposition: text('disposition').$type<'Demo' | 'New Install' | 'New Transfer' | 'Owned Aligner'>(),
    inService: text('in_service').notNull(),
    componentsReplaced: text('components_replaced').notNull(),
    description: text('description').notNull(),
    circumstance: text('circumstance').notNull(),
    attemptedResolution: text('attempted_resolution').notNull(),
    environment: text('environment').notNull(),
    other: text('other').notNull(),
    issueStartedOn: text('issue_started_on').notNull(),
    escalated: boolean('escalated').notNull().default(true),
    closed: boolean('closed').notNull().default(false),
    closedByUsername: text('closed_by_username'),
    closedAt: tz('closed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's filters (open only, mine, serial contains), newest first; the counts and history.
    index('support_tickets_closed_idx').on(t.closed, t.id),
    index('support_tickets_issuer_idx').on(t.issuerUsername, t.closed, t.id),
    index('support_tickets_serial_idx').on(t.serialNumber, t.closed),
    index('support_tickets_serial_trgm_idx').using('gin', sql`${t.serialNumber} gin_trgm_ops`),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    text: text('text').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

/** Attachment files live under DATA_DIR/attachments under names the server picks. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    description: text('description').notNull(),
    mimeType: text('mime_type').$type<'image/png' | 'image/jpeg'>().notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileName: text('file_name').notNull(),
    thumbFileName: text('thumb_file_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.id)],
);

/** EZ ADAS fixtures (part 2 §3): the subscription decides which targets a unit may activate with it. */
export const ezFixtures = pgTable(
  'ez_fixtures',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    activationCount: integer('activation_count').notNull().default(0),
    subscriptionPackage: integer('subscription_package').notNull().default(0),
    /** Null for Included, which does not expire. */
    subscriptionExpires: tz('subscription_expires'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ez_fixtures_serial_number_idx').on(t.serialNumber),
    index('ez_fixtures_serial_number_trgm_idx').using('gin', sql`${t.serialNumber} gin_trgm_ops`),
  ],
);

/** EZ ADAS targets: each belongs to the package whose subscription unlocks it. */
export const ezTargets = pgTable(
  'ez_targets',
  {
    id: serial('id').primaryKey(),
    targetName: text('target_name').notNull(),
    targetId: integer('target_id').notNull(),
    packageIndex: integer('package_index').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ez_targets_target_name_idx').on(t.targetName),
    uniqueIndex('ez_targets_target_id_idx').on(t.targetId),
  ],
);

/** Each activation a unit made with a fixture; the fixture's count is what reset sets to 0. */
export const ezActivations = pgTable(
  'ez_activations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fixtureId: integer('fixture_id')
      .notNull()
      .references(() => ezFixtures.id, { onDelete: 'cascade' }),
    unitSerialNumber: text('unit_serial_number').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ez_activations_fixture_idx').on(t.fixtureId, t.createdAt),
    index('ez_activations_unit_idx').on(t.unitSerialNumber),
  ],
);

/** Shop-system vendors allowed to pair alignments with Tru-Points. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendors_name_idx').on(t.name)],
);

/** A vendor's API keys; only the SHA-256 is kept. */
export const vendorApiKeys = pgTable(
  'vendor_api_keys',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [uniqueIndex('vendor_api_keys_hash_idx').on(t.keyHash), index('vendor_api_keys_vendor_idx').on(t.vendorId)],
);

type PairingCalibrationRow = { name: string; state: string; passed: boolean; reportMessage: string | null };

/** Tru-Point vendor pairings (part 2 §3); at most one active pairing per Tru-Point. */
export const pairings = pgTable(
  'pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** The vendor's name when the pairing began; the tables sort by it. */
    vendor: text('vendor').notNull(),
    vendorKey: text('vendor_key').notNull(),
    alignmentId: text('alignment_id').notNull(),
    truPointSerialNumber: text('tru_point_serial_number').notNull(),
    state: text('state').$type<'active' | 'completed' | 'aborted'>().notNull().default('active'),
    reason: text('reason'),
    calibrations: jsonb('calibrations').$type<PairingCalibrationRow[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('pairings_state_created_idx').on(t.state, t.createdAt),
    index('pairings_state_vendor_idx').on(t.state, t.vendor, t.createdAt),
    index('pairings_state_serial_idx').on(t.state, t.truPointSerialNumber, t.createdAt),
    index('pairings_vendor_state_idx').on(t.vendorId, t.state, t.createdAt),
    uniqueIndex('pairings_one_active_idx')
      .on(t.truPointSerialNumber)
      .where(sql`state = 'active'`),
  ],
);

/** Geographic notifications (part 2 §3); delivered to matching units while in their period. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    resourcePath: text('resource_path').notNull(),
    mimeType: text('mime_type').notNull(),
    beginsOn: tz('begins_on').notNull(),
    endsOn: tz('ends_on').notNull(),
    targetType: text('target_type').notNull().default('geographic'),
    targetFamily: text('target_family').notNull(),
    targetCountry: text('target_country').notNull(),
    targetRegion: text('target_region'),
    targetCity: text('target_city'),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_period_idx').on(t.beginsOn, t.endsOn),
  ],
);

/** On-device messages and their disposition flow (part 2 §3, §4). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    startDate: tz('start_date').notNull(),
    endDate: tz('end_date').notNull(),
    header: text('header').notNull(),
    body: text('body').notNull(),
    callToAction: text('call_to_action').notNull(),
    market: text('market').notNull(),
    softwareVersion: text('software_version').notNull().default('all'),
    serialNumbers: text('serial_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull(),
    disposition: text('disposition').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_disposition_issuer_idx').on(t.disposition, t.issuerUsername, t.id),
    index('messages_disposition_start_idx').on(t.disposition, t.startDate),
    index('messages_disposition_end_idx').on(t.disposition, t.endDate),
  ],
);

/**
 * What reached which unit. A row is claimed (`claimedAt`) before the command goes out and
 * confirmed (`deliveredAt`) on the unit's reply, so two instances never send the same item twice.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    kind: text('kind').$type<'message' | 'notification'>().notNull(),
    itemId: integer('item_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    claimedAt: tz('claimed_at').notNull().defaultNow(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.serialNumber] }),
    index('deliveries_serial_idx').on(t.serialNumber),
  ],
);

/** The audit log: append-only through the API (no route updates or deletes it). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull().defaultNow(),
    username: text('username'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: integer('outcome').notNull(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_username_idx').on(t.username, t.at),
    index('audit_log_action_idx').using('btree', sql`${t.action} text_pattern_ops`),
    index('audit_log_target_idx').on(t.target, t.at),
  ],
);

/** The cameras (boards) of each calibration record, so the camera serial filter has an index. */
export const cameraCalibrationBoards = pgTable(
  'camera_calibration_boards',
  {
    calibrationId: integer('calibration_id')
      .notNull()
      .references(() => cameraCalibrations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'left' | 'right'>().notNull(),
    position: integer('position').notNull(),
    serialNumber: text('serial_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.calibrationId, t.side, t.position] }),
    index('camera_calibration_boards_serial_trgm_idx').using('gin', sql`${t.serialNumber} gin_trgm_ops`),
  ],
);

/**
 * The connected-equipment series rolled up per hour and per day (min, max, average), so the
 * graph reads months without the minute samples, which are kept only for TREND_MINUTE_DAYS.
 */
export const connectionRollups = pgTable(
  'connection_rollups',
  {
    resolution: text('resolution').$type<'hour' | 'day'>().notNull(),
    bucket: tz('bucket').notNull(),
    minConnected: integer('min_connected').notNull(),
    maxConnected: integer('max_connected').notNull(),
    sumConnected: bigint('sum_connected', { mode: 'number' }).notNull(),
    samples: integer('samples').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resolution, t.bucket] })],
);

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
