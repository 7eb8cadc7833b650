// The fleet: units, their credentials, reports, screen shots, calibrations, favorites and samples.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Geolocation, UpdateState } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { UnitClaimStatus } from '@ed/contract/unit-claims';
import { tz } from './columns.js';
import { users } from './accounts.js';
import { storedFiles } from './files.js';

type BoardFeatures = { numCameras: number; numAccel: number; isDDAligner: boolean };
type Specs = { name: string; month: number; year: number };
type SpecsExpiration = { month: number; year: number };

/** The month the specs expire, as one number (year * 12 + month - 1), for an index and ranges. */
export const specsMonthIndex = sql.raw(
  `(((specs_expiration->>'year')::int * 12) + ((specs_expiration->>'month')::int - 1))`,
);

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
    geolocation: jsonb('geolocation').$type<Geolocation>(),
    countryCode: text('country_code'),
    /** The sequence of the newest state report whose slow facts (above) are stored. */
    stateSeq: bigint('state_seq', { mode: 'number' }),
    /** The version with each number zero-padded, so text order is version order (the list sorts by it). */
    versionSort: text('version_sort').generatedAlwaysAs(
      sql`lpad(split_part(version_semantic, '.', 1), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 2), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 3), 6, '0')`,
    ),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipment_serial_number_idx').on(t.serialNumber),
    // Substring search on serial numbers (filterSerialNumber), any case, stays fast at a million units;
    // on lower() so that a plain look-up by serial keeps to the unique index (db/serial-search.ts).
    index('equipment_serial_number_trgm_idx').using('gin', sql`lower(${t.serialNumber}) gin_trgm_ops`),
    index('equipment_country_code_idx').on(t.countryCode, t.serialNumber),
    index('equipment_family_idx').on(t.family, t.serialNumber),
    // Country and family together: the list counts and pages this pair without a bitmap AND.
    index('equipment_country_family_idx').on(t.countryCode, t.family, t.serialNumber),
    // With the serial number, a version prefix is counted and paged by serial from the index alone.
    index('equipment_version_prefix_idx').using('btree', sql`${t.versionSemantic} text_pattern_ops`, t.serialNumber),
    index('equipment_version_sort_idx').on(t.versionSort, t.serialNumber),
    index('equipment_created_at_idx').on(t.createdAt, t.serialNumber),
    index('equipment_updated_at_idx').on(t.updatedAt, t.serialNumber),
    index('equipment_pending_download_idx').on(t.family, t.pendingSoftwareDownload),
    // Alarms: units whose specs reach a rule's window, by month (year * 12 + month - 1).
    index('equipment_specs_expiration_idx').on(sql`${specsMonthIndex}`),
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
 * What changes often about a unit: presence, update progress, the procedure it runs, its
 * alignment count. Kept apart from `equipment`, whose fifteen indexes every write would touch:
 * this narrow table has three, and its fill factor leaves room for HOT updates (a report that
 * changes no indexed column rewrites no index). Each fact carries the sequence it was stamped
 * with (docs/device-protocol.md), so an older message never overwrites a newer one. A row is
 * created with its unit (trigger of migration 0010).
 */
export const equipmentLive = pgTable(
  'equipment_live',
  {
    equipmentId: integer('equipment_id')
      .primaryKey()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    connected: boolean('connected').notNull().default(false),
    /** The newest connection seen (its birth or its death); null before the first, or for older units. */
    sessionSeq: bigint('session_seq', { mode: 'number' }),
    connectCount: integer('connect_count').notNull().default(0),
    /**
     * The stored connection's death was inferred by the server (the sweep, its own broker closing),
     * not said by the unit: a later sign of life of that connection revives it (docs/device-protocol.md).
     */
    deathInferred: boolean('death_inferred').notNull().default(false),
    /**
     * The sequences of the unit's latest counted connections (at most 8, ascending): a connection
     * whose messages come after a newer one's (retried across instances after an outage) is still
     * counted once, and a replay of one counted is not counted again.
     */
    countedSeqs: bigint('counted_seqs', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** The newest state report applied: a beat naming a newer one reveals a report lost on the way. */
    stateSeq: bigint('state_seq', { mode: 'number' }),
    address: text('address'),
    port: integer('port'),
    /** The connection the address belongs to: a late death of an older one leaves it alone. */
    addressSeq: bigint('address_seq', { mode: 'number' }),
    /** The beat the unit promised in its birth; null: no beat, only its death takes it offline. */
    heartbeatSeconds: integer('heartbeat_seconds'),
    /** The last birth, beat or death. */
    lastSeenAt: tz('last_seen_at'),
    /** When the unit last connected or disconnected. */
    lastSeenOnlineAt: tz('last_seen_online_at'),
    currentProcedure: text('current_procedure'),
    procedureSeq: bigint('procedure_seq', { mode: 'number' }),
    updateState: jsonb('update_state').$type<UpdateState>(),
    updateStateSeq: bigint('update_state_seq', { mode: 'number' }),
    /** When `update_state.state` last changed (a trigger keeps it): how long an install has run. */
    updateStateAt: tz('update_state_at'),
    alignmentCount: integer('alignment_count').notNull().default(0),
    alignmentSeq: bigint('alignment_seq', { mode: 'number' }),
  },
  (t) => [
    // Audiences of messages and notifications, the scheduler's candidates, the connected count.
    index('equipment_live_connected_idx')
      .on(t.equipmentId)
      .where(sql`${t.connected}`),
    index('equipment_live_alignment_count_idx').on(t.alignmentCount),
    // Alarms (docs/alarms.md): units whose offline time or install time crossed a rule's threshold.
    index('equipment_live_offline_idx')
      .on(t.lastSeenOnlineAt)
      .where(sql`not ${t.connected}`),
    index('equipment_live_installing_idx')
      .on(t.updateStateAt)
      .where(sql`${t.updateState}->>'state' in ('VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE')`),
  ],
);

/**
 * The fleet's totals in 16 shards, kept exact by triggers (migration 0010): units on insert and
 * delete of `equipment`, connected on every change of `equipment_live.connected`. Spreading the
 * counts over shards keeps concurrent writers from queueing on one row; a read sums 16 rows.
 */
export const fleetCounters = pgTable('fleet_counters', {
  shard: smallint('shard').primaryKey(),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  connected: bigint('connected', { mode: 'number' }).notNull().default(0),
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

/**
 * Registrations of a serial number that has a credential, made without it: each waits for an
 * admin (docs/device-protocol.md, "Claims"). Only the claim token's hash is kept.
 */
export const unitClaims = pgTable(
  'unit_claims',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    claimTokenHash: text('claim_token_hash').notNull().unique(),
    address: text('address'),
    countryCode: text('country_code'),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    status: text('status').$type<UnitClaimStatus>().notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: tz('decided_at'),
  },
  (t) => [
    // The console's list (pending first, newest first) and the per-serial bound on waiting claims.
    index('unit_claims_status_requested_idx').on(t.status, t.requestedAt),
    index('unit_claims_serial_status_idx').on(t.serialNumber, t.status),
    // The waiting claims of one address (a stranger may hold a few: unit-claims.repository.ts).
    index('unit_claims_address_status_idx').on(t.address, t.status),
    // Every claim of the last 30 days, newest first (the list and export with "all").
    index('unit_claims_requested_idx').on(t.requestedAt, t.id),
  ],
);

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
    imageKey: text('image_key')
      .notNull()
      .references(() => storedFiles.key),
    thumbKey: text('thumb_key')
      .notNull()
      .references(() => storedFiles.key),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('screen_shots_equipment_idx').on(t.equipmentId, t.createdAt),
    uniqueIndex('screen_shots_image_key_idx').on(t.imageKey),
    uniqueIndex('screen_shots_thumb_key_idx').on(t.thumbKey),
  ],
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
