// Field integrations: EZ ADAS fixtures and targets, Tru-Point vendors and pairings.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

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
    index('ez_fixtures_serial_number_trgm_idx').using('gin', sql`lower(${t.serialNumber}) gin_trgm_ops`),
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
