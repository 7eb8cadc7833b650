/** The database schema, one file per area under ./schema; drizzle-kit and the client read it here. */
export * from './schema/accounts.js';
export * from './schema/files.js';
export * from './schema/fleet.js';
export * from './schema/tickets.js';
export * from './schema/field.js';
export * from './schema/administration.js';
export * from './schema/insights.js';
export * from './schema/software.js';
export * from './schema/files.js';
export * from './schema/rollouts.js';
export * from './schema/elevations.js';
export * from './schema/alarms.js';
export * from './schema/fleet-map.js';
export * from './schema/single-sign-on.js';
export * from './schema/diagnostics.js';
export * from './schema/second-factor.js';
export * from './schema/unit-refusals.js';
