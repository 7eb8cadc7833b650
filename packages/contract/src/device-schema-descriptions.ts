import { z } from 'zod';
import { deviceErrorMessageSchema } from './device-errors.js';
import {
  cameraCalibrationSchema,
  commandMessageSchema,
  pairingMessageSchema,
  replyErrorSchema,
  replyMessageSchema,
  sequenceSchema,
  serialNumberSchema,
  stateMessageSchema,
  statusMessageSchema,
} from './device-protocol.js';
import { fileProgressSchema, updateStateSchema, UPDATE_STATE_LABELS } from './equipment.js';
import { releaseMetadataSchema, rootMetadataSchema } from './release-metadata.js';

/**
 * What the fields of the device protocol mean, for its published JSON Schemas and AsyncAPI
 * document (device-json-schemas.ts reads this registry). A registry of its own rather than
 * `.describe()` on the schemas: the web app loads device-protocol.ts and equipment.ts, and these
 * words, which it never shows, would cost its bundle over 2 KB gzipped (past its budget).
 * Descriptions change nothing the schemas accept. HTTP payloads: device-http-descriptions.ts.
 */
export const deviceDescriptions = z.registry<{ description: string }>();

/** `schema`, described in the device protocol's registry. */
export function described<T extends z.ZodType>(schema: T, description: string): T {
  deviceDescriptions.add(schema, { description });
  return schema;
}

/** Describes the fields of an object schema, by name. */
export function describeFields<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  descriptions: Partial<Record<keyof S, string>>,
): void {
  for (const [key, description] of Object.entries(descriptions) as [keyof S, string][]) {
    described(schema.shape[key] as z.ZodType, description);
  }
}

described(
  sequenceSchema,
  'A sequence: an integer strictly greater than every one this unit used before, across reconnects and ' +
    'restarts (`max(previous + 1, now in milliseconds)` needs no storage). A newer sequence wins.',
);
described(serialNumberSchema, 'A serial number: 8 or 9 letters or digits, upper case.');

described(
  statusMessageSchema,
  'Retained, QoS 1. The birth `{online: true, seq, heartbeatSeconds, stateSeq}` after connecting and at every ' +
    'beat; the death and the last will `{online: false, seq, heartbeatSeconds}`, with the sequence of the connection.',
);
describeFields(statusMessageSchema, {
  online:
    'true: the birth (after connecting, and again every `heartbeatSeconds` as the heartbeat). ' +
    'false: the death a unit publishes before a clean disconnect, and its last will.',
  seq:
    'The sequence of this connection: the same in its will, its birth, every beat and its death; a new, larger ' +
    'one for every connection. Optional only for older firmware.',
  heartbeatSeconds:
    'Seconds between beats (repeated births) while connected. Three missed beats and the server takes ' +
    'the unit offline; without it, only the death or the will does.',
  stateSeq:
    'On a birth or beat: the `seq` of the latest state report this unit published, on any connection ' +
    '(absent before its first). A server holding an older one asks for a `rebirth`.',
});

described(
  stateMessageSchema,
  'QoS 1, not retained. A state report: any subset of these fields, merged into the record of the unit; the ' +
    'full state after each birth, then only what changed. Strict: a report with an unknown field, or any field ' +
    'that does not match, is refused whole (the server answers on `error`) and nothing of it is kept.',
);
describeFields(stateMessageSchema, {
  version: 'The installed software: an object `{semantic, meta}` with both keys, `meta` a string or null.',
  family: 'The family of the unit; without it the server takes it from the serial number.',
  systemClass: 'The system class (such as DRAGON), at most 64 characters.',
  boardClass: 'The board class (such as DRB-3), at most 64 characters.',
  logLevel: 'The logging level in force.',
  boardFeatures:
    'An object with all three keys: cameras (0-8), accelerometers (0-16), and whether the unit has a DD board.',
  specs: 'The installed spec release: an object `{name, month, year}` (not a string), or null for none.',
  specsExpiration: 'When the spec release expires: `{month, year}`, or null.',
  targetType: 'The end-of-line target type, or null (a Tru-Point).',
  pendingSoftwareDownload:
    'The version the unit will download next, a string of at most 32 characters (`5.2.0`), or null. Once ' +
    'the server staged an update for the unit, the staged one wins over what the unit reports here.',
  updateState:
    'An object, not a string: `{state, downloading, downloadProgress, installing, installProgress, ' +
    'softwareUpdateDownload}`, or null for a unit without an updater. It replaces the stored one whole.',
  currentProcedure: 'The procedure on screen (`Alignment`), at most 128 characters, or null when idle.',
  alignmentCount: 'How many alignments the unit has done, a running count.',
  seq:
    'The sequence of this report, a new, larger one for each report: a report older than one the server ' +
    'holds changes nothing. Optional only for older firmware (their reports always apply).',
});
describeFields(updateStateSchema, {
  state: `One of ${Object.keys(UPDATE_STATE_LABELS).join(', ')}; the console shows any other as it is.`,
  downloading: 'Whether a software or spec package is downloading.',
  downloadProgress:
    'The progress of each download, null when none runs (at most one report a second while downloading).',
  installing: 'Whether a software or spec package is installing.',
  installProgress: 'The percent installed (0-100), null when no install runs.',
  softwareUpdateDownload: 'The downloaded update waiting to be installed, or null.',
  failure:
    'With INSTALLATION_FAILED: why, the check first ("signature: no trusted key", "file: <name> does not match ' +
    'its signed SHA-256", "rollback: …", "expired: …"); at most 256 characters. Absent otherwise.',
});
described(
  releaseMetadataSchema,
  'The release metadata release engineering signed offline (release.json, docs/signed-updates.md): `signed` ' +
    'lists the kind, family, version, prerequisites, every file with its size and SHA-256, and an expiry; ' +
    '`signatures` are Ed25519 over the RFC 8785 canonical JSON of `signed`. A unit that pinned a release root ' +
    'checks it before downloading, and refuses the update (INSTALLATION_FAILED with `failure`) if it fails. ' +
    'Absent for a package the console took unsigned.',
);
described(
  rootMetadataSchema,
  'A release root: the trusted keys, the root and release roles with their thresholds, a version and an expiry. ' +
    'Each root after the first is signed by a threshold of the previous root’s root keys and of its own.',
);
describeFields(fileProgressSchema, {
  bytesTransferred: 'Bytes of the current file transferred so far.',
  progress: 'Percent of the current file transferred (0-100).',
  transferRate: 'Bytes per second.',
  estimatedTimeRemaining: 'Seconds left for the current file.',
});

described(
  cameraCalibrationSchema,
  'One camera calibration record: ISO 8601 date-times, at most 8 boards a side, every matrix 3 by 3, ' +
    '`Offsets` 3 and `Gain` 9 numbers, `dist_coeffs` 5. A record that does not match is refused whole.',
);

const [calibrated, completed, aborted] = pairingMessageSchema.options;
described(calibrated, 'One calibration ran; a second report with the same `name` replaces the first (a rerun).');
described(completed, 'The pairing is done.');
described(aborted, 'The unit gave up on the pairing, and says why (1 to 500 characters).');
for (const option of pairingMessageSchema.options) {
  described(option.shape.pairingId, 'The `pairingId` of the `start_pairing` command.');
}

describeFields(commandMessageSchema, {
  id: 'The command id (a UUID), repeated in the reply. A unit that sees an id again answers again without acting twice.',
  name: 'The command.',
  args: 'The arguments of the command (`{}` for most).',
  expiresAt: 'After this (ISO 8601, UTC) the server has given up: a unit drops a late command unanswered.',
  replyTo:
    "The topic to answer on, `<root>/<serial>/reply/<instance>`: used when it is one of the unit's own reply " +
    'topics; without it (or when it is not), the unit answers on `<root>/<serial>/reply`.',
  traceparent:
    "W3C Trace Context's `traceparent` of the call that sent the command, when the server traces: a unit " +
    'that copies it into its reply joins the trace. Optional; a unit may ignore it.',
});
describeFields(replyMessageSchema.options[0], {
  id: 'The `id` of the command this answers.',
  result: 'The result of the command (its own schema; `{}` for most).',
  traceparent: "The command's `traceparent`, copied unchanged (optional).",
});
described(replyErrorSchema, 'The command was refused or failed.');
describeFields(replyErrorSchema, {
  id: 'The `id` of the command this answers.',
  error:
    'Why the unit refused or failed: one plain string of at most 1024 characters (not an object, not a ' +
    'list); a longer one makes the whole reply refused. The console shows it to the operator.',
  traceparent: "The command's `traceparent`, copied unchanged (optional).",
});

described(
  deviceErrorMessageSchema,
  'Published by the server on `error`, QoS 0, not retained, at most a few a minute: a message of this unit ' +
    'was refused, and why. The unit logs it and changes nothing on its own; it is for the people who build it.',
);
describeFields(deviceErrorMessageSchema, {
  protocolVersion: 'The protocol version the server speaks (`info.version`).',
  topic: 'The topic of the refused message.',
  reason:
    '`not-json`; `invalid` (it did not match its schema); `stale-connection` (a birth or beat of a connection ' +
    'that ended for good: connect again with a newer `seq`); `invalid-reply` (the waiting call failed).',
  problems:
    'Every problem found, not only the first: `path` is the field at fault, dot-separated ' +
    '(`boardFeatures.numCameras`), or empty for the whole message; `message` says the rule in words.',
  section: 'Where the rule is written: `docs/device-protocol.md#<section>`.',
  id: 'For a refused reply: the `id` of its command.',
  at: 'When the server refused it (ISO 8601, UTC).',
});
