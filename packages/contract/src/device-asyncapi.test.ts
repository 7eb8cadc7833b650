import { readdirSync, readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandMessageKey, protocolMessages, replyMessageKey } from './device-asyncapi-messages.js';
import { DEVICE_SCHEMAS_FOLDER, deviceAsyncApi, deviceProtocolFiles } from './device-asyncapi.js';
import { DEVICE_PROTOCOL_VERSION } from './device-errors.js';
import { DEVICE_SCHEMA_NAMES, standaloneJsonSchema, type JsonSchema } from './device-json-schemas.js';
import {
  commandMessageSchema,
  DEVICE_COMMAND_NAMES,
  replyMessageSchema,
  stateMessageSchema,
} from './device-protocol.js';
import { deviceTopics, type TopicKind } from './device-topics.js';

const docs = new URL('../../../docs/', import.meta.url);
const REGENERATE = 'docs/ differs from the contract: run `npm run docs:device-protocol` and commit the result';

const ERROR_OR_WARNING = new Set<number>([0, 1]);
/** The document as a client reads it: plain JSON. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

/** Every kind of topic; `satisfies` fails the type check when device-topics.ts gains one. */
const TOPIC_KINDS = {
  status: true,
  state: true,
  cmd: true,
  reply: true,
  pairing: true,
  calibration: true,
  error: true,
} satisfies Record<TopicKind, true>;

describe('the published device protocol', () => {
  it('is committed as the contract makes it (docs/device-protocol.asyncapi.json and the schema files)', () => {
    const files = deviceProtocolFiles();
    for (const [name, json] of Object.entries(files)) {
      const committed = (() => {
        try {
          return JSON.parse(readFileSync(new URL(name, docs), 'utf8')) as unknown;
        } catch {
          return `docs/${name} is missing`;
        }
      })();
      expect(committed, `${name}: ${REGENERATE}`).toEqual(asJson(json));
    }
    const onDisk = readdirSync(new URL(`${DEVICE_SCHEMAS_FOLDER}/`, docs)).map((f) => `${DEVICE_SCHEMAS_FOLDER}/${f}`);
    expect(
      onDisk.filter((f) => !(f in files)),
      REGENERATE,
    ).toEqual([]);
  });

  it.each([
    ['the committed copy', {}],
    ['a deployment’s copy', { topicRoot: 'acme/prod', publicUrl: 'https://dashboard.acme.example/console' }],
  ])(
    'is valid AsyncAPI 3.0 without an error or a warning: %s',
    async (_label, options) => {
      const { document, diagnostics } = await new Parser().parse(JSON.stringify(deviceAsyncApi(options)));
      // Spectral's severities: 0 error, 1 warning; information ("3.1.0 exists") and hints are fine.
      const problems = diagnostics
        .filter((d) => ERROR_OR_WARNING.has(d.severity))
        .map((d) => `${d.path.join('.')}: ${d.message}`);
      expect(problems).toEqual([]);
      expect(document?.info().version()).toBe(DEVICE_PROTOCOL_VERSION);
    },
    // The parser's rules take seconds over 24 commands and their replies, more beside other tests.
    60_000,
  );

  it('gives every example a payload that its zod schema and its published JSON Schema both take', () => {
    const m = protocolMessages('acme/prod');
    const messages = [m.status, m.state, m.pairing, m.calibration, m.error, ...m.commands, ...m.replies];
    for (const message of messages) {
      expect(message.examples.length, message.key).toBeGreaterThan(0);
      // The published schema read back (zod's JSON Schema importer), as a team's validator reads it.
      const published = z.fromJSONSchema(standaloneJsonSchema(message.payload));
      for (const { name, payload } of message.examples) {
        const label = `${message.key} example ${name}`;
        expect(message.payload.schema.safeParse(payload).error, label).toBeUndefined();
        expect(published.safeParse(payload).error, `${label} (JSON Schema)`).toBeUndefined();
      }
    }
    for (const c of m.commands) for (const e of c.examples) expect(commandMessageSchema.parse(e.payload)).toBeTruthy();
    for (const r of m.replies) for (const e of r.examples) expect(replyMessageSchema.parse(e.payload)).toBeTruthy();
  });

  it('has every command with its own args and result, and every topic kind', () => {
    const doc = asJson(deviceAsyncApi());
    const { messages, schemas } = doc.components;
    const received = doc.operations.receiveCommand.messages.map((r: { $ref: string }) => r.$ref);
    const answered = doc.operations.receiveCommand.reply.messages.map((r: { $ref: string }) => r.$ref);
    for (const name of DEVICE_COMMAND_NAMES) {
      const command = schemas[`command-${name}`];
      expect(messages[commandMessageKey(name)].payload.$ref).toBe(`#/components/schemas/command-${name}`);
      expect(command.properties.name.const).toBe(name);
      expect(command.properties.args.type).toBe('object');
      expect(received).toContain(`#/channels/cmd/messages/${commandMessageKey(name)}`);
      expect(answered).toContain(`#/channels/instanceReply/messages/${replyMessageKey(name)}`);
      const [done, refused] = schemas[`reply-${name}`].oneOf as JsonSchema[];
      expect(done).toMatchObject({ properties: { ok: { const: true }, result: { type: 'object' } } });
      expect(refused).toMatchObject({
        properties: { ok: { const: false }, error: { type: 'string', maxLength: 1024 } },
      });
    }
    expect(DEVICE_SCHEMA_NAMES).toEqual(expect.arrayContaining(Object.keys(schemas)));

    const topics = deviceTopics('acme/prod');
    const kinds = Object.values(doc.channels as Record<string, { address: string }>).map(({ address }) => {
      const topic = address
        .replace('{topicRoot}', 'acme/prod')
        .replace('{serialNumber}', 'V33CQ0123')
        .replace('{instance}', 'a1');
      const parsed = topics.parse(topic);
      expect(parsed, address).not.toBeNull();
      return parsed?.kind;
    });
    expect(new Set(kinds)).toEqual(new Set(Object.keys(TOPIC_KINDS)));
  });

  it('says in the schemas what teams got wrong', () => {
    const { schemas, parameters } = asJson(deviceAsyncApi()).components;
    const state = schemas.state;
    expect(state.additionalProperties).toBe(false);
    expect(state.properties.updateState.description).toMatch(/an object, not a string/i);
    expect(state.properties.pendingSoftwareDownload.anyOf[0].maxLength).toBe(32);
    expect(state.properties.specs.anyOf[0].required).toEqual(['name', 'month', 'year']);
    expect(schemas['reply-stage'].oneOf[1].properties.error.description).toMatch(/1024 characters/);
    expect(schemas['command-reset_serial_number'].properties.args.properties.newSerialNumber.pattern).toBe(
      '^[A-Z0-9]{8,9}$',
    );
    expect(parameters.serialNumber.description).toContain('^[A-Z0-9]{8,9}$');
    expect(parameters.topicRoot.default).toBe('ed/v1');
    expect(Object.keys(stateMessageSchema.shape).every((key) => state.properties[key].description)).toBe(true);
  });
});
