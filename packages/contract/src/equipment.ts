import { z } from 'zod';
import { LOG_LEVELS } from './constants.js';
import { familySchema } from './families.js';

/** Equipment record of part 1 §3, as the read calls and radar events carry it. */
export const softwareVersionSchema = z.object({ semantic: z.string(), meta: z.string().nullable() });

export const fileProgressSchema = z.object({
  bytesTransferred: z.number(),
  progress: z.number(),
  transferRate: z.number(),
  estimatedTimeRemaining: z.number(),
});

export const transferProgressSchema = z.object({
  currentFile: z.string(),
  filesTransferred: z.number().int(),
  totalFilesToTransfer: z.number().int(),
  fileProgress: fileProgressSchema,
});

const softwareOrSpecs = <T extends z.ZodType>(item: T) =>
  z.object({ software: item.optional(), specs: item.optional() });

export const updateStateSchema = z.object({
  state: z.string(),
  downloading: softwareOrSpecs(z.boolean()),
  downloadProgress: softwareOrSpecs(transferProgressSchema.nullable()),
  installing: softwareOrSpecs(z.boolean()),
  installProgress: softwareOrSpecs(z.number().nullable()),
  softwareUpdateDownload: z
    .object({ version: z.object({ semantic: z.string() }) })
    .nullable()
    .optional(),
  /**
   * Why the last install failed or the unit refused the update (with INSTALLATION_FAILED), the
   * check first: "signature: no trusted key" (docs/signed-updates.md). Not of the spec.
   */
  failure: z.string().max(256).nullable().optional(),
});
export type UpdateState = z.infer<typeof updateStateSchema>;

/** Update state labels of part 1 §4; any other value is shown as it is. */
export const UPDATE_STATE_LABELS: Record<string, string> = {
  BUSY: 'Busy',
  TRY_INSERT_UPDATE: 'Nothing Pending',
  TRY_INSERT_DIFFERENT_UPDATE: 'Nothing Pending',
  READY_TO_DOWNLOAD: 'Pending Download',
  DOWNLOADING: 'Downloading',
  READY_TO_INSTALL: 'Install Pending',
  VALIDATING_UPDATE: 'Validating Update Contents',
  SYSMAN_RESTART: 'Restarting Updater',
  INSTALLING_UPDATE: 'Installing',
  INSTALLATION_COMPLETE: 'Install Complete',
  /** Not of the spec: a unit reports it when an install failed and it kept its version. */
  INSTALLATION_FAILED: 'Install Failed',
};
export const updateStateLabel = (state: string): string => UPDATE_STATE_LABELS[state] ?? state;

export const geolocationSchema = z.object({
  continent_name: z.string().nullable(),
  country_name: z.string().nullable(),
  country_code: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  time_zone: z.object({ name: z.string().nullable(), offset: z.number().nullable() }),
});
export type Geolocation = z.infer<typeof geolocationSchema>;

/** A screen shot a unit sent (part 1 §3 `screenShots`). */
export const screenShotSchema = z.object({
  id: z.number().int(),
  /** Where the full PNG is fetched (as a binary, with the bearer). */
  image: z.string(),
  /** The 96×54 thumbnail as a data URL. */
  thumbnail: z.string(),
  createdAt: z.iso.datetime(),
});
export type ScreenShot = z.infer<typeof screenShotSchema>;

/** How many screen shots the single-unit read carries (newest first); the list call has them all. */
export const EQUIPMENT_SCREEN_SHOTS_MAX = 20;

export const equipmentSchema = z.object({
  serialNumber: z.string(),
  version: softwareVersionSchema.nullable(),
  family: familySchema,
  systemClass: z.string().nullable(),
  boardClass: z.string().nullable(),
  logLevel: z.enum(LOG_LEVELS).nullable(),
  boardFeatures: z
    .object({ numCameras: z.number().int(), numAccel: z.number().int(), isDDAligner: z.boolean() })
    .nullable(),
  specs: z.object({ name: z.string(), month: z.number().int(), year: z.number().int() }).nullable(),
  specsExpiration: z.object({ month: z.number().int(), year: z.number().int() }).nullable(),
  pendingSoftwareDownload: z.string().nullable(),
  updateState: updateStateSchema.nullable(),
  connected: z.boolean(),
  connectCount: z.number().int(),
  port: z.number().int().nullable(),
  address: z.string().nullable(),
  currentProcedure: z.string().nullable(),
  alignmentCount: z.number().int(),
  geolocation: geolocationSchema.nullable(),
  openSupportTickets: z.number().int(),
  favorite: z.boolean(),
  /** Only on GET /read/aligner/v1: lists, radar cards and events leave the thumbnails out. */
  screenShots: z.array(screenShotSchema).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Equipment = z.infer<typeof equipmentSchema>;
