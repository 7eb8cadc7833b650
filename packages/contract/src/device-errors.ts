import { z } from 'zod';
import { plainMessage } from './zod-messages.js';

/**
 * The device protocol's own version (docs/device-protocol.md, the AsyncAPI document's
 * `info.version`). 1.1 added the `error` topic, `mqtt.url` and `mqtt.checkIn` in the
 * registration answer; a 1.0 unit keeps working unchanged.
 */
export const DEVICE_PROTOCOL_VERSION = '1.2.0';

/** The sections of docs/device-protocol.md a refusal or a conformance check points to. */
export const PROTOCOL_SECTIONS = {
  serialNumbers: 'Serial numbers',
  registration: 'Identity and credentials',
  topics: 'Topics',
  sequences: 'Sequences',
  connect: 'What a unit sends on connect',
  presence: 'Presence',
  stateReports: 'State reports',
  commands: 'Commands',
  replies: 'Replies',
  refusals: 'Refused messages',
  staging: 'Staging and package download',
  pairings: 'Vendor pairings (Tru-Point)',
  calibrations: 'Camera calibrations',
  checkIn: 'Check-in',
} as const;
export type ProtocolSection = keyof typeof PROTOCOL_SECTIONS;

/** `docs/device-protocol.md#<anchor>` of a section, as a Markdown renderer makes it. */
export function sectionLink(section: ProtocolSection): string {
  const anchor = PROTOCOL_SECTIONS[section]
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
  return `docs/device-protocol.md#${anchor}`;
}

/** Why the server refused a unit's message. */
const REFUSAL_REASONS = [
  /** Not JSON (or not UTF-8). */
  'not-json',
  /** JSON that does not match the topic's schema; `problems` lists every field at fault. */
  'invalid',
  /** A birth or beat of a connection the server holds closed for good: connect again with a newer `seq`. */
  'stale-connection',
  /** A reply the console could not use (its waiting call answers 502). */
  'invalid-reply',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const deviceProblemSchema = z.object({
  /** The field at fault, dot-separated (`updateState`, `boardFeatures.numCameras`), or '' for the whole message. */
  path: z.string().max(256),
  message: z.string().max(512),
});
export type DeviceProblem = z.infer<typeof deviceProblemSchema>;

/**
 * Published by the server on `<root>/<serial>/error`, QoS 0, not retained: a message of this
 * unit was refused, and why. At most a few a minute per unit; the unit logs it and fixes nothing
 * on its own (it is for the people who build it). Every problem found is listed, not the first.
 */
export const deviceErrorMessageSchema = z.object({
  protocolVersion: z.string().max(32),
  /** The topic of the refused message. */
  topic: z.string().max(256),
  reason: z.enum(REFUSAL_REASONS),
  problems: z.array(deviceProblemSchema).min(1).max(20),
  /** Where the rule is written: `docs/device-protocol.md#<section>`. */
  section: z.string().max(128),
  /** A refused reply's command id. */
  id: z.string().max(64).optional(),
  at: z.iso.datetime(),
});
export type DeviceErrorMessage = z.infer<typeof deviceErrorMessageSchema>;

const MAX_PROBLEMS = 20;

/** Every issue of a failed parse as `{path, message}`, in plain words (zod-messages.ts). */
export function problemsOf(error: z.ZodError): DeviceProblem[] {
  return error.issues.slice(0, MAX_PROBLEMS).map((issue) => {
    const words = plainMessage(issue as unknown as z.core.$ZodRawIssue) ?? issue.message;
    const received = receivedOf(issue);
    return {
      path: issue.path.map(String).join('.'),
      message: (received ? `${words.replace(/\.$/, '')} (got ${received}).` : words).slice(0, 512),
    };
  });
}

function receivedOf(issue: z.core.$ZodIssue): string | null {
  if (issue.code !== 'invalid_type') return null;
  const input = (issue as { input?: unknown }).input;
  if (input === undefined) return null;
  if (input === null) return 'null';
  return Array.isArray(input)
    ? 'a list'
    : typeof input === 'object'
      ? 'an object'
      : `${typeof input} ${JSON.stringify(input).slice(0, 40)}`;
}

/** "updateState: Must be an object (got string \"idle\")." — one line of a refusal, for a log or a screen. */
export function problemText(problem: DeviceProblem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

/** GET /read/unit_refusals/v1: what the server refused of a unit's messages, for its detail in the console. */
export const unitRefusalsSchema = z.object({
  serialNumber: z.string(),
  /** Messages refused since the unit's record was made (0: none). */
  total: z.number().int().min(0),
  byReason: z.partialRecord(z.enum(REFUSAL_REASONS), z.number().int().min(0)),
  /** The latest refusal, with every problem found. */
  last: z
    .object({
      topic: z.string(),
      reason: z.enum(REFUSAL_REASONS),
      problems: z.array(deviceProblemSchema),
      at: z.iso.datetime(),
    })
    .nullable(),
});
