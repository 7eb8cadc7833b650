import { z } from 'zod';
import { LOG_LEVELS, TARGET_TYPES } from './constants.js';
import { softwareVersionSchema, updateStateSchema } from './equipment.js';
import { familySchema } from './families.js';
import { MAX_ROOT_CHAIN, releaseMetadataSchema, rootMetadataSchema } from './release-metadata.js';

import { DEFAULT_TOPIC_ROOT, deviceTopics } from './device-topics.js';

/**
 * The MQTT protocol between units and the gateway (docs/device-protocol.md). The topics are in
 * device-topics.ts; `topics` here are those of the default root, `ed/v1`.
 */
export const topics = deviceTopics(DEFAULT_TOPIC_ROOT);

/**
 * A sequence a unit stamps on each connection and report: strictly greater than every one it
 * used before, across reconnects and restarts (`max(previous + 1, now in ms)` does it). The
 * server applies a fact only when its stamp is newer than the one it holds, so any order of
 * delivery and any number of server instances end in the same state.
 */
export const sequenceSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Largest payload the gateway accepts (a screen shot in a reply is the biggest). */
export const MAX_DEVICE_PAYLOAD_BYTES = 4 * 1024 * 1024;

/** Serial numbers: 8 or 9 characters, letters and digits (part 1 §3). */
export const serialNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,9}$/, 'A serial number has 8 or 9 letters or digits');

/**
 * Retained on `status`: the birth `{online: true, seq}` after connecting and the last will
 * `{online: false, seq}`, both with the connection's sequence (Sparkplug's bdSeq, made monotonic).
 * While online a unit repeats its birth every `heartbeatSeconds`; after three missed beats the
 * server takes it offline. Units without `seq` or `heartbeatSeconds` (older firmware) still work.
 */
export const statusMessageSchema = z.object({
  online: z.boolean(),
  seq: sequenceSchema.optional(),
  heartbeatSeconds: z.number().int().min(5).max(86_400).optional(),
  /**
   * On a birth or beat: the `seq` of the latest state report the unit has published. A server that
   * holds an older one lost a report on the way (an instance died with it in flight) and asks the
   * unit for a `rebirth`, as a Sparkplug host does on a sequence gap.
   */
  stateSeq: sequenceSchema.optional(),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

/** A unit's report on `state`: any subset of these fields, merged into its record. */
export const stateMessageSchema = z
  .object({
    version: softwareVersionSchema,
    family: familySchema,
    systemClass: z.string().max(64).nullable(),
    boardClass: z.string().max(64).nullable(),
    logLevel: z.enum(LOG_LEVELS),
    boardFeatures: z.object({
      numCameras: z.number().int().min(0).max(8),
      numAccel: z.number().int().min(0).max(16),
      isDDAligner: z.boolean(),
    }),
    specs: z
      .object({ name: z.string().max(64), month: z.number().int().min(1).max(12), year: z.number().int() })
      .nullable(),
    specsExpiration: z.object({ month: z.number().int().min(1).max(12), year: z.number().int() }).nullable(),
    targetType: z.enum(TARGET_TYPES).nullable(),
    pendingSoftwareDownload: z.string().max(32).nullable(),
    updateState: updateStateSchema.nullable(),
    currentProcedure: z.string().max(128).nullable(),
    alignmentCount: z.number().int().min(0),
    /** The report's sequence (see `sequenceSchema`): an older report never overwrites a newer one. */
    seq: sequenceSchema,
  })
  .partial()
  .strict();
export type StateMessage = z.infer<typeof stateMessageSchema>;

export const voltageBoardSchema = z.object({
  BoardName: z.string(),
  Parameters: z.array(z.object({ Name: z.string(), Actual: z.number(), Min: z.number(), Max: z.number() })),
});
export type VoltageBoard = z.infer<typeof voltageBoardSchema>;

const matrix3 = z.array(z.array(z.number()).length(3)).length(3);
export const calibrationBoardSchema = z.object({
  SerialNumber: z.string(),
  RMSEValidAccel: z.number(),
  AccelCal: z.object({ Offsets: z.array(z.number()).length(3), Gain: z.array(z.number()).length(9) }),
  RMSEValidCCS_ACS: z.number(),
  CCS_ACSCal: matrix3,
  RMSEValidCamCal: z.number(),
  CameraCal: z.object({
    image_rows: z.number().int(),
    image_cols: z.number().int(),
    image_chans: z.number().int(),
    pixel_size_um: z.number(),
    cx: z.number(),
    cy: z.number(),
    flen_pixels: z.number(),
    flen_mm: z.number(),
    IM: matrix3,
    dist_coeffs: z.array(z.number()).length(5),
  }),
});

/** A camera calibration record (part 2 §3), as units report it. */
export const cameraCalibrationSchema = z.object({
  Operator: z.string().max(128),
  Version: z.string().max(64),
  Date: z.iso.datetime(),
  AccelCalTime: z.iso.datetime(),
  CCS_ACSTime: z.iso.datetime(),
  camCalTime: z.iso.datetime(),
  LeftBoards: z.array(calibrationBoardSchema).max(8),
  RightBoards: z.array(calibrationBoardSchema).max(8),
});
export type CameraCalibration = z.infer<typeof cameraCalibrationSchema>;

const deviceMessageSchema = z.object({
  messageId: z.number().int(),
  header: z.string(),
  body: z.string(),
  callToAction: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;

const deviceNotificationSchema = z.object({
  notificationId: z.number().int(),
  name: z.string(),
  resourcePath: z.string(),
  mimeType: z.string(),
  beginsOn: z.iso.datetime(),
  endsOn: z.iso.datetime(),
});
export type DeviceNotification = z.infer<typeof deviceNotificationSchema>;
/** Where a package's files are: absolute, or a folder path on the server the unit registered with. */
const packageUrlSchema = z.union([z.url(), z.string().regex(/^\/[^\s]*\/$/, 'url must be a folder path ending in /')]);
/**
 * What a stage command carries for the unit to check on its own (docs/signed-updates.md): the
 * release metadata signed offline, and the roots newer than the first, for a unit to walk from the
 * root it pinned. Absent for a package the console took unsigned; a unit that pinned a root then
 * refuses it.
 */
const signedRelease = {
  release: releaseMetadataSchema.optional(),
  roots: z.array(rootMetadataSchema).max(MAX_ROOT_CHAIN).optional(),
};

const packageFilesSchema = z
  .array(z.object({ name: z.string().min(1).max(128), size: z.number().int().min(0) }))
  .min(1)
  .max(64);

/** The remote commands (part 1 §7): the arguments each takes and the result a unit replies with. */
export const deviceCommands = {
  get_usb_status: { args: z.object({}), result: z.object({ status: z.string().max(65_536) }) },
  get_printer_status: { args: z.object({}), result: z.object({ status: z.string().max(65_536) }) },
  get_voltages: { args: z.object({}), result: z.object({ voltages: z.array(voltageBoardSchema).max(32) }) },
  activate: { args: z.object({}), result: z.object({}) },
  get_calibration_logs: {
    args: z.object({}),
    result: z.object({ calibrations: z.array(cameraCalibrationSchema).max(100) }),
  },
  /** The PNG, base64-encoded. */
  get_screen_shot: { args: z.object({}), result: z.object({ image: z.base64() }) },
  rcp: { args: z.object({}), result: z.object({}) },
  open_ssh_port: { args: z.object({}), result: z.object({ port: z.number().int().min(1).max(65_535) }) },
  /** The server's reverts when an elevation ends (docs/elevations.md). */
  close_ssh_port: { args: z.object({}), result: z.object({}) },
  end_rcp: { args: z.object({}), result: z.object({}) },
  check_now: { args: z.object({}), result: z.object({}) },
  download_now: { args: z.object({}), result: z.object({}) },
  install_now: { args: z.object({}), result: z.object({}) },
  clear_pending_updates: { args: z.object({}), result: z.object({}) },
  set_logging_level: { args: z.object({ loggingLevel: z.enum(LOG_LEVELS) }), result: z.object({}) },
  set_target_eol_types: { args: z.object({ targetType: z.enum(TARGET_TYPES) }), result: z.object({}) },
  reset_serial_number: { args: z.object({ newSerialNumber: serialNumberSchema }), result: z.object({}) },
  /**
   * Sparkplug's Rebirth request: the server's picture of the unit is out of date (it missed a
   * report, or holds the connection for dead). The unit publishes its birth and then its full
   * state again, each with a new `seq`; with `newConnection` it first ends its connection and
   * connects anew under a new sequence (its old one was closed for good by the server).
   */
  rebirth: { args: z.object({ newConnection: z.boolean().optional() }), result: z.object({}) },
  /** A vendor paired one of its alignments with this Tru-Point: run the calibrations and report them. */
  start_pairing: {
    args: z.object({
      pairingId: z.uuid(),
      vendor: z.string().max(64),
      vendorKey: z.string().max(128),
      alignmentId: z.string().max(128),
    }),
    result: z.object({}),
  },
  /** The vendor aborted the pairing: stop its calibrations. */
  abort_pairing: { args: z.object({ pairingId: z.uuid(), reason: z.string().max(500) }), result: z.object({}) },
  /** An on-device message while it is active (part 2 §4); the unit shows it until `endsAt`. */
  show_message: { args: deviceMessageSchema, result: z.object({}) },
  /** A geographic notification while in its period; the unit fetches `resourcePath` itself. */
  show_notification: { args: deviceNotificationSchema, result: z.object({}) },
  /**
   * The server staged an update: the unit makes it its pending download and fetches the files
   * from `url` (a folder ending in '/') with its device credential (docs/device-protocol.md).
   */
  stage: {
    args: z.object({
      version: softwareVersionSchema,
      url: packageUrlSchema,
      files: packageFilesSchema,
      ...signedRelease,
    }),
    result: z.object({}),
  },
  /** A spec release for the unit: fetched the same way as a software package, then installed. */
  stage_specs: {
    args: z.object({
      version: z.object({
        name: z.string().min(1).max(64),
        month: z.number().int().min(1).max(12),
        year: z.number().int(),
      }),
      url: packageUrlSchema,
      files: packageFilesSchema,
      ...signedRelease,
    }),
    result: z.object({}),
  },
} as const;

export type DeviceCommandName = keyof typeof deviceCommands;
export const DEVICE_COMMAND_NAMES = Object.keys(deviceCommands) as DeviceCommandName[];
export type DeviceCommandArgs<C extends DeviceCommandName> = z.infer<(typeof deviceCommands)[C]['args']>;
export type DeviceCommandResult<C extends DeviceCommandName> = z.infer<(typeof deviceCommands)[C]['result']>;

/** Published by the gateway on `cmd`, QoS 1. */
/**
 * W3C Trace Context's `traceparent` (version-traceid-parentid-flags): the server puts the trace of
 * the call that sent a command in it, and a unit that echoes it in its reply joins the trace
 * (docs/observability.md, "Traces"). Optional both ways; a malformed echo is ignored, not refused.
 */
const traceparentSchema = z.string().max(128);

export const commandMessageSchema = z.object({
  id: z.uuid(),
  name: z.enum(DEVICE_COMMAND_NAMES as [DeviceCommandName, ...DeviceCommandName[]]),
  args: z.record(z.string(), z.unknown()),
  /** After this the gateway has given up; a unit drops a late command. */
  expiresAt: z.iso.datetime(),
  /** The topic to answer on: the sending instance's own reply topic. Without it, `reply`. */
  replyTo: z.string().max(256).optional(),
  traceparent: traceparentSchema.optional(),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

/** The refusal of every reply, whatever the command (each command's own reply: device-json-schemas.ts). */
export const replyErrorSchema = z.object({
  id: z.uuid(),
  ok: z.literal(false),
  error: z.string().max(1024),
  traceparent: traceparentSchema.optional(),
});
/** Published by the unit on `reply`, QoS 1: the command's id and its result or a reason. */
export const replyMessageSchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.uuid(),
    ok: z.literal(true),
    result: z.record(z.string(), z.unknown()),
    traceparent: traceparentSchema.optional(),
  }),
  replyErrorSchema,
]);
export type ReplyMessage = z.infer<typeof replyMessageSchema>;

/** POST /device/v1/register: a unit trades the fleet enrollment key for its own credential. */
export const deviceRegisterRequestSchema = z.object({
  serialNumber: serialNumberSchema,
  enrollmentKey: z.string().min(1),
  /**
   * The unit's current token, when it has one. A serial number that already has a credential is
   * issued a new one only against it: the fleet's enrollment key alone cannot take a unit over.
   */
  deviceToken: z.string().min(1).max(256).optional(),
  /** The claim this unit was given (202) for a serial number that has a credential already. */
  claimToken: z.string().min(1).max(256).optional(),
});
export type DeviceRegisterRequest = z.infer<typeof deviceRegisterRequestSchema>;

/**
 * 202 to a registration of a serial number that has a credential, without that credential: an
 * admin approves or refuses the claim in the console, and the unit asks again with `claimToken`
 * after `retryAfterSeconds` until it gets its token (200) or a refusal (403).
 */
export const deviceClaimPendingSchema = z.object({
  serialNumber: z.string(),
  status: z.literal('pending'),
  claimToken: z.string(),
  retryAfterSeconds: z.number().int().min(1),
});
export type DeviceClaimPending = z.infer<typeof deviceClaimPendingSchema>;
export const deviceRegisterResponseSchema = z.object({
  serialNumber: z.string(),
  /** The MQTT password of this unit (its username is the serial number). Shown once. */
  deviceToken: z.string(),
  mqtt: z.object({
    websocketPath: z.string(),
    tcpPort: z.number().int().nullable(),
    /** The deployment's topic root; units of older servers assume `ed/v1`. */
    topicRoot: z.string().default(DEFAULT_TOPIC_ROOT),
    /**
     * Where to connect (`mqtt://`, `mqtts://`, `ws://` or `wss://`), when the deployment says so
     * (`MQTT_PUBLIC_URL`, or its external broker); without it: `websocketPath` on the server's own
     * host, or `tcpPort` there.
     */
    url: z.string().max(512).nullable().optional(),
    /** True when the unit must `POST /device/v1/check_in` before each connection (an external broker). */
    checkIn: z.boolean().optional(),
  }),
});
export type DeviceRegisterResponse = z.infer<typeof deviceRegisterResponseSchema>;

/**
 * POST /device/v1/check_in (HTTP Basic: serial number and device token), before each MQTT
 * connection: the server sees the unit's public address here, also when the broker is not its
 * own, and keeps it (and the geolocation) for the connection with this sequence.
 */
export const deviceCheckInRequestSchema = z.object({ seq: sequenceSchema });
export const deviceCheckInResponseSchema = z.object({
  /** The address as the server saw it (through trusted proxies only). */
  address: z.string(),
  countryCode: z.string().nullable(),
});

/** One calibration a Tru-Point ran for a vendor pairing (part 2 §3). */
export const pairingCalibrationSchema = z.object({
  name: z.string().trim().min(1).max(128),
  state: z.string().trim().min(1).max(64),
  passed: z.boolean(),
  reportMessage: z.string().max(2_000).nullable(),
});
export type PairingCalibration = z.infer<typeof pairingCalibrationSchema>;

/** Published by a Tru-Point on `pairing`, QoS 1: one calibration's result, or the end of the pairing. */
export const pairingMessageSchema = z.discriminatedUnion('event', [
  z.object({
    pairingId: z.uuid(),
    event: z.literal('calibration'),
    calibration: pairingCalibrationSchema,
  }),
  z.object({ pairingId: z.uuid(), event: z.literal('completed') }),
  z.object({ pairingId: z.uuid(), event: z.literal('aborted'), reason: z.string().trim().min(1).max(500) }),
]);
export type PairingMessage = z.infer<typeof pairingMessageSchema>;
