import type { Readable } from 'node:stream';

export type Backend = 'disk' | 'database';

/** Bytes to store: held in memory already, a stream, or a stream opened only when it is written. */
export type FileSource = Buffer | Readable | (() => Readable);

export interface NewFile {
  key: string;
  source: FileSource;
  contentType: string;
}

export interface StoredFile {
  key: string;
  backend: Backend;
  size: number;
  /** Hex; null for a file written before the file store existed. */
  sha256: string | null;
  contentType: string;
}

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile extends StoredFile {
  stream: Readable;
  /** The part `stream` holds, or null for the whole file. */
  range: ByteRange | null;
}

/** The bytes of a source, as Buffers, however it was given. */
export async function* bytesOf(source: FileSource): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    yield source;
    return;
  }
  const stream = typeof source === 'function' ? source() : source;
  for await (const piece of stream) yield Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
}

/** Regroups a byte stream into pieces of exactly `size` bytes (the last one may be shorter). */
export async function* chunksOf(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let rest = piece;
    while (length + rest.length >= size) {
      const take = size - length;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      length = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      pending.push(rest);
      length += rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}
