/**
 * Just enough of PostgreSQL's frontend protocol (v3) to carry node-postgres connections to the
 * one session of an embedded PGlite: cut the byte stream into messages, group them into units
 * that must run together, and keep each connection's prepared statements apart.
 */

/** Frontend message types the host looks at (the rest pass through untouched). */
export const MSG = {
  parse: 0x50, // 'P'
  bind: 0x42, // 'B'
  describe: 0x44, // 'D'
  close: 0x43, // 'C'
  sync: 0x53, // 'S'
  query: 0x51, // 'Q'
  flush: 0x48, // 'H'
  terminate: 0x58, // 'X'
} as const;

export interface Frame {
  /** The type byte; 0 for the startup message, which has none. */
  type: number;
  bytes: Buffer;
}

/** Splits a connection's byte stream into whole messages, whatever the chunking. */
export class FrameReader {
  private buffer = Buffer.alloc(0);
  private started = false;

  push(chunk: Uint8Array): Frame[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      // The first message of a connection (startup, or an SSL request) has a length and no type.
      const headerLength = this.started ? 5 : 4;
      if (this.buffer.length < headerLength) break;
      const length = this.started ? 1 + this.buffer.readInt32BE(1) : this.buffer.readInt32BE(0);
      if (length < headerLength - 1 || this.buffer.length < length) break;
      const bytes = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      if (this.started) frames.push({ type: bytes.readUInt8(0), bytes });
      else {
        // 80877103 asks for SSL: the connection is still before its startup message.
        if (bytes.length === 8 && bytes.readInt32BE(4) === 80_877_103) frames.push({ type: -1, bytes });
        else {
          this.started = true;
          frames.push({ type: 0, bytes });
        }
      }
    }
    return frames;
  }
}

/**
 * True when `type` closes a unit: the session answers it with ReadyForQuery (Sync, Query), or the
 * client waits for what came so far (Flush). Parse, Bind, Describe and Execute before a Sync must
 * run together: another connection's messages in between would replace the unnamed statement.
 */
export const endsUnit = (type: number): boolean => type === MSG.sync || type === MSG.query || type === MSG.flush;

function readCString(bytes: Buffer, offset: number): { value: string; end: number } {
  const end = bytes.indexOf(0, offset);
  if (end < 0) throw new Error('a protocol message lacks the end of a name');
  return { value: bytes.toString('utf8', offset, end), end: end + 1 };
}

function rebuild(type: number, parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header[0] = type;
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cstring = (value: string) => Buffer.from(`${value}\0`, 'utf8');
const scoped = (prefix: string, name: string) => (name === '' ? '' : `${prefix}${name}`);

/**
 * Gives the statement and portal names of one connection a prefix of its own, so two connections
 * that both prepare "q1" on the shared session do not meet. Unnamed ones stay unnamed: each unit
 * runs whole, so nobody else's Parse comes between.
 */
export function scopeNames(frame: Frame, prefix: string): Buffer {
  const { type, bytes } = frame;
  if (type === MSG.parse) {
    const name = readCString(bytes, 5);
    if (name.value === '') return bytes;
    return rebuild(type, [cstring(scoped(prefix, name.value)), bytes.subarray(name.end)]);
  }
  if (type === MSG.bind) {
    const portal = readCString(bytes, 5);
    const statement = readCString(bytes, portal.end);
    if (portal.value === '' && statement.value === '') return bytes;
    return rebuild(type, [
      cstring(scoped(prefix, portal.value)),
      cstring(scoped(prefix, statement.value)),
      bytes.subarray(statement.end),
    ]);
  }
  if (type === MSG.describe || type === MSG.close) {
    // One byte says statement or portal; the name follows.
    const name = readCString(bytes, 6);
    if (name.value === '') return bytes;
    return rebuild(type, [bytes.subarray(5, 6), cstring(scoped(prefix, name.value))]);
  }
  return bytes;
}

/** A backend ErrorResponse followed by ReadyForQuery, for a unit the host could not run. */
export function errorResponse(message: string, code = 'XX000'): Buffer {
  const fields = Buffer.concat([
    Buffer.from('SERROR\0', 'utf8'),
    Buffer.from(`C${code}\0`, 'utf8'),
    Buffer.from(`M${message}\0`, 'utf8'),
    Buffer.from([0]),
  ]);
  const error = Buffer.alloc(5);
  error[0] = 0x45; // 'E'
  error.writeInt32BE(fields.length + 4, 1);
  const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', idle
  return Buffer.concat([error, fields, ready]);
}
