import { describe, expect, it } from 'vitest';
import {
  logMethodWithoutQueryParameters,
  reqWithoutQueryValues,
  withoutQueryValues,
  withoutQueryValuesInText,
} from './request-log.js';

describe('withoutQueryValues', () => {
  it('keeps the path and the parameter names, never their values', () => {
    expect(withoutQueryValues('/read/aligners/v1?filterSerialNumber=V33AJ0000001&page=2')).toBe(
      '/read/aligners/v1?filterSerialNumber=…&page=…',
    );
    expect(withoutQueryValues('/auth/reset?token=secret')).not.toContain('secret');
    expect(withoutQueryValues('/healthz')).toBe('/healthz');
    expect(withoutQueryValues('/x?')).toBe('/x?');
  });

  it('applies to the request Fastify logs with its own errors and to URLs inside messages', () => {
    const req = { method: 'GET', url: '/read/aligners/v1?filterSerialNumber=V33AJ%00', ip: '10.0.0.1' };
    expect(reqWithoutQueryValues(req)).toMatchObject({ url: '/read/aligners/v1?filterSerialNumber=…' });
    expect(withoutQueryValuesInText('Reply was already sent in the "/x/v1?token=abc&a=1" (GET) route?')).toBe(
      'Reply was already sent in the "/x/v1?token=…&a=…" (GET) route?',
    );
    expect(withoutQueryValuesInText('Is the database up?')).toBe('Is the database up?');
  });
});

describe('failed statements in the logs', () => {
  it('show the statement and its cause, never its parameters', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const { default: Fastify } = await import('fastify');
    const { Writable } = await import('node:stream');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, hooks: { logMethod: logMethodWithoutQueryParameters } } });
    const cause = Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'ETIMEDOUT' });
    const failed = new DrizzleQueryError('insert into "sessions" ("token_hash") values ($1)', ['secret-hash'], cause);
    app.log.error({ err: failed, serialNumber: 'V33AJ0000001' }, 'state not stored');
    app.log.error(failed);
    await app.close();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('secret-hash');
      expect(line).toContain('Failed query: insert into \\"sessions\\"');
      expect(line).toContain('timeout exceeded when trying to connect');
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'state not stored', serialNumber: 'V33AJ0000001' });
  });
});
