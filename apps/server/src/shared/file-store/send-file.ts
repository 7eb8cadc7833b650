import type { FastifyReply, FastifyRequest } from 'fastify';
import { outOfRange } from '../domain-error.js';
import type { FileStore } from './file-store.js';
import type { ByteRange } from './stored-file.js';

/** A single `bytes=` range (RFC 9110 §14.1.2), or null for the whole file; 416 when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw outOfRange(`The range ${header} lies outside the file (${size} bytes).`);
  return { start, end };
}

export interface SendOptions {
  contentType?: string;
  /** Sent as `attachment; filename="…"`: the browser downloads it and never renders it here. */
  downloadName?: string;
  cacheControl?: string;
}

/** Streams a stored file as the answer, honouring a Range request (206) so downloads resume. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  options: SendOptions = {},
): Promise<FastifyReply> {
  const info = await files.stat(key);
  const range = info ? parseRange(request.headers.range, info.size) : null;
  const file = await files.open(key, range);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', options.contentType ?? file.contentType)
    .header('cache-control', options.cacheControl ?? 'private, no-store');
  if (options.downloadName) reply.header('content-disposition', `attachment; filename="${options.downloadName}"`);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.send(file.stream);
}
