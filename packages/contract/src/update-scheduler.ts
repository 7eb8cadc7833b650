import { z } from 'zod';
import { softwareVersionSchema } from './equipment.js';
import { familySchema } from './families.js';
import { flagParam, sortKeyInput } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** The update scheduler's reads (part 2 §3, §7). */

/** A series keyed by the start of its period (ISO date-time), newest first. */
const series = z.record(z.string(), z.number());

export const schedulerStatisticsSchema = z.object({
  autoStaged: z.number().int(),
  autoUnstaged: z.number().int(),
  autoUnstagedDueToHungCount: z.number().int(),
  /** Deliveries (attempted) = autoStaged − autoUnstaged − autoUnstagedDueToHungCount. */
  deliveries: z.number().int(),
  /** Average age of the slots in use, in minutes. */
  averageSlotAge: z.number(),
  slots: z.number().int(),
  dailyStatistics: z.object({
    deliveries: series,
    connectedCount: series,
    alignersAtCurrentVersion: series,
    autoStaged: series,
  }),
  hourlyStatistics: z.object({
    deliveries: series,
    connectedCount: series,
    alignersAtCurrentVersion: series,
    truPointsAtCurrentVersion: series.optional(),
    autoStaged: series,
    connections: series,
    updatedToCurrentSoftware: series,
    slotsUsed: series,
  }),
});
export type SchedulerStatistics = z.infer<typeof schedulerStatisticsSchema>;

export const SCHEDULER_SORTS = [
  'serialNumber',
  'countryCode',
  'family',
  'version',
  'lastSeenOnlineAt',
  'stagedAt',
  'connected',
] as const;

/** The scheduler device's field paths (part 2 §3) a table sorts by, as the original client sends them. */
const SCHEDULER_SORT_ALIASES: Record<string, (typeof SCHEDULER_SORTS)[number]> = {
  'geolocation.country_code': 'countryCode',
  'version.semantic': 'version',
  'staging.stagedAt': 'stagedAt',
};

export const schedulerDevicesQuerySchema = z.object({
  page: pageSchema,
  filterSerialNumber: z.string().trim().toUpperCase().max(9).optional(),
  filterCountryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{0,2}$/, 'filterCountryCode must be one or two letters')
    .optional(),
  filterSoftwareVersion: z.string().trim().max(32).optional(),
  filterFamily: z.string().trim().max(32).optional(),
  filterState: z.string().trim().max(64).optional(),
  sortBy: sortKeyInput(SCHEDULER_SORTS, SCHEDULER_SORT_ALIASES).transform((v) => v ?? 'serialNumber'),
  sortDesc: flagParam('sortDesc'),
  onlyConnected: flagParam('onlyConnected'),
  onlyStaged: flagParam('onlyStaged'),
});
export type SchedulerDevicesQuery = z.input<typeof schedulerDevicesQuerySchema>;

export const schedulerDeviceSchema = z.object({
  serialNumber: z.string(),
  geolocation: z.object({ country_code: z.string().nullable() }),
  family: familySchema,
  version: softwareVersionSchema.nullable(),
  lastSeenOnlineAt: z.iso.datetime().nullable(),
  staging: z.object({
    isStaged: z.boolean(),
    autoStaged: z.boolean(),
    stagedVersion: z.object({ semantic: z.string() }).nullable(),
    stagedAt: z.iso.datetime().nullable(),
  }),
  connected: z.boolean(),
  bestGuessAtSoftwareUpdateState: z.string(),
  bestGuessAtSoftwareUpdateVersion: softwareVersionSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SchedulerDevice = z.infer<typeof schedulerDeviceSchema>;

export const schedulerDevicesSchema = z.object({
  docs: z.array(schedulerDeviceSchema),
  totalDocs: z.number().int(),
});

export const SCHEDULER_ROUTES = [
  {
    family: 'aligner',
    devices: '/read/updatescheduler_aligners/v1',
    statistics: '/read/updatescheduler_statistics/v1',
  },
  { family: 'gtps', devices: '/read/updatescheduler_gtps/v1', statistics: '/read/updatescheduler_statistics_gtps/v1' },
  {
    family: 'aligner-oasis',
    devices: '/read/updatescheduler_aligners_oasis/v1',
    statistics: '/read/updatescheduler_statistics_oasis/v1',
  },
] as const;
