import { serialize } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { endsUnit, errorResponse, FrameReader, MSG, scopeNames } from './protocol-frames.js';

const startup = serialize.startup({ user: 'someone', database: 'somewhere' });

describe('FrameReader', () => {
  it('cuts a stream into messages whatever the chunking', () => {
    const stream = Buffer.concat([
      startup,
      serialize.parse({ text: 'select $1::int' }),
      serialize.bind({ values: ['1'] }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    for (const size of [1, 3, 7, stream.length]) {
      const reader = new FrameReader();
      const frames = [];
      for (let i = 0; i < stream.length; i += size) frames.push(...reader.push(stream.subarray(i, i + size)));
      expect(frames.map((f) => f.type)).toEqual([0, MSG.parse, MSG.bind, 0x45, MSG.sync]);
      expect(Buffer.concat(frames.map((f) => f.bytes))).toEqual(stream);
    }
  });

  it('answers an SSL request before the startup message', () => {
    const reader = new FrameReader();
    const frames = reader.push(Buffer.concat([serialize.requestSsl(), startup]));
    expect(frames.map((f) => f.type)).toEqual([-1, 0]);
  });

  it('ends a unit at Sync, Query and Flush only', () => {
    expect([MSG.sync, MSG.query, MSG.flush].every(endsUnit)).toBe(true);
    expect([MSG.parse, MSG.bind, MSG.describe, 0x45].some(endsUnit)).toBe(false);
  });
});

describe('scopeNames', () => {
  const frame = (bytes: Buffer) => ({ type: bytes[0]!, bytes });

  it('prefixes named statements and portals, and leaves unnamed ones alone', () => {
    const parse = scopeNames(frame(serialize.parse({ name: 'q1', text: 'select 1', types: [23] })), 'c7_');
    expect(parse).toEqual(serialize.parse({ name: 'c7_q1', text: 'select 1', types: [23] }));
    const bind = scopeNames(frame(serialize.bind({ portal: 'p', statement: 'q1', values: ['x'] })), 'c7_');
    expect(bind).toEqual(serialize.bind({ portal: 'c7_p', statement: 'c7_q1', values: ['x'] }));
    const describe = scopeNames(frame(serialize.describe({ type: 'S', name: 'q1' })), 'c7_');
    expect(describe).toEqual(serialize.describe({ type: 'S', name: 'c7_q1' }));
    const close = scopeNames(frame(serialize.close({ type: 'S', name: 'q1' })), 'c7_');
    expect(close).toEqual(serialize.close({ type: 'S', name: 'c7_q1' }));
    const unnamed = serialize.parse({ text: 'select 2' });
    expect(scopeNames(frame(unnamed), 'c7_')).toBe(unnamed);
  });
});

describe('errorResponse', () => {
  it('is an ErrorResponse with the message, then ReadyForQuery', () => {
    const bytes = errorResponse('the connection closed');
    expect(String.fromCharCode(bytes[0]!)).toBe('E');
    expect(bytes.toString('utf8')).toContain('Mthe connection closed\0');
    expect([...bytes.subarray(-6)]).toEqual([0x5a, 0, 0, 0, 5, 0x49]);
  });
});
