import { z } from 'zod';
import { deviceErrorMessageSchema } from './device-errors.js';
import {
  cameraCalibrationSchema,
  commandMessageSchema,
  deviceCheckInRequestSchema,
  deviceCheckInResponseSchema,
  deviceClaimPendingSchema,
  deviceCommands,
  DEVICE_COMMAND_NAMES,
  deviceRegisterRequestSchema,
  deviceRegisterResponseSchema,
  pairingMessageSchema,
  replyErrorSchema,
  replyMessageSchema,
  stateMessageSchema,
  statusMessageSchema,
  type DeviceCommandName,
} from './device-protocol.js';
import { described, deviceDescriptions } from './device-schema-descriptions.js';
// Registers the descriptions of the units' HTTP payloads as it loads.
import './device-http-descriptions.js';

/**
 * Every payload of the device protocol as a JSON Schema (draft-07), made from the contract's zod
 * schemas: the server validates with the same schemas it publishes. `io: 'input'` describes what
 * the server accepts (a defaulted field is optional, a non-strict object takes unknown keys);
 * `.strict()` schemas come out with `additionalProperties: false`. What each field means comes from
 * the device protocol's own registry (device-schema-descriptions.ts).
 */
const OPTIONS = { target: 'draft-7', io: 'input', unrepresentable: 'any', metadata: deviceDescriptions } as const;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

export type JsonSchema = Record<string, unknown>;

/** The zod schema as JSON Schema, without `$schema` (for embedding in the AsyncAPI document). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _drafted, ...rest } = z.toJSONSchema(schema, OPTIONS);
  return rest;
}

/** `get_usb_status` → `GetUsbStatus`: the stem of a generated type's name. */
export const pascalCase = (name: string) =>
  name.replace(/(^|[_-])([a-z])/g, (_match: string, _sep: string, letter: string) => letter.toUpperCase());

/** The `cmd` message of one command: its `name` a constant, its `args` that command's own. */
function commandSchemaOf(name: DeviceCommandName) {
  const command = commandMessageSchema.extend({
    name: described(z.literal(name), `Always \`${name}\`.`),
    args: described(deviceCommands[name].args, `The arguments of \`${name}\`.`),
  });
  return described(command, `The \`${name}\` command, published by the server on \`cmd\`, QoS 1.`);
}

/** The reply to one command: `{id, ok: true, result}` with its own result, or the refusal. */
function replySchemaOf(name: DeviceCommandName) {
  const done = z.object({
    id: replyErrorSchema.shape.id,
    ok: z.literal(true),
    result: described(deviceCommands[name].result, `The result of \`${name}\`.`),
    traceparent: replyErrorSchema.shape.traceparent,
  });
  return described(
    z.discriminatedUnion('ok', [described(done, 'The command was done.'), replyErrorSchema]),
    `The reply to \`${name}\`, QoS 1, on the command's \`replyTo\` (else \`reply\`): one of two objects, ` +
      'told apart by `ok`.',
  );
}

export interface NamedSchema {
  /** The file name's stem: `docs/device-protocol-schemas/<name>.schema.json`, `/device/v1/schemas/<name>.json`. */
  name: string;
  /** The name a code generator gives the type. */
  title: string;
  schema: z.ZodType;
}

const named = (name: string, title: string, schema: z.ZodType): NamedSchema => ({ name, title, schema });

/** Every published schema, in the order of the guide: unit messages, commands, replies, HTTP. */
export const DEVICE_SCHEMAS: readonly NamedSchema[] = [
  named('status', 'StatusMessage', statusMessageSchema),
  named('state', 'StateReport', stateMessageSchema),
  named('pairing', 'PairingReport', pairingMessageSchema),
  named('calibration', 'CameraCalibration', cameraCalibrationSchema),
  named('error', 'Refusal', deviceErrorMessageSchema),
  named(
    'command',
    'Command',
    described(commandMessageSchema, 'Any command, as published on `cmd`; see command-<name>.'),
  ),
  ...DEVICE_COMMAND_NAMES.map((name) => named(`command-${name}`, `${pascalCase(name)}Command`, commandSchemaOf(name))),
  named('reply', 'Reply', described(replyMessageSchema, 'Any reply; see reply-<name> for the result of each command.')),
  ...DEVICE_COMMAND_NAMES.map((name) => named(`reply-${name}`, `${pascalCase(name)}Reply`, replySchemaOf(name))),
  named('register-request', 'RegisterRequest', deviceRegisterRequestSchema),
  named('register-response', 'RegisterResponse', deviceRegisterResponseSchema),
  named('register-pending', 'RegisterPending', deviceClaimPendingSchema),
  named('check-in-request', 'CheckInRequest', deviceCheckInRequestSchema),
  named('check-in-response', 'CheckInResponse', deviceCheckInResponseSchema),
];

export const DEVICE_SCHEMA_NAMES: readonly string[] = DEVICE_SCHEMAS.map((s) => s.name);

/** One schema as a file of its own: draft-07, titled. */
export function standaloneJsonSchema({ title, schema }: NamedSchema): JsonSchema {
  return { $schema: DRAFT_07, title, ...jsonSchemaOf(schema) };
}

/** Every published schema by name. */
export function deviceJsonSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(DEVICE_SCHEMAS.map((entry) => [entry.name, standaloneJsonSchema(entry)]));
}
