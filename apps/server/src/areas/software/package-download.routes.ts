import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packageFileNameSchema } from '@ed/contract/software';
import { specDeliveries, specUpdates } from '../../db/schema.js';
import { HttpError, notFound, unauthorized } from '../../shared/http-error.js';
import { specPackageKey } from '../specs/specs.service.js';
import { softwarePackageKey } from './software.service.js';

/** The unit's credential as HTTP Basic: username = serial number, password = device token. */
function basicCredential(request: FastifyRequest): { serial: string; token: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { serial: decoded.slice(0, colon), token: decoded.slice(colon + 1) } : null;
}

/** A single `bytes=` range (RFC 9110 §14.1.2), or null for the whole file; 416 when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
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
  if (start >= size || start > end)
    throw new HttpError(416, `The range ${header} lies outside the file (${size} bytes).`);
  return { start, end };
}

/** Package files for units: only a unit with a staged update of this package may fetch it, with resume. */
export default async function packageDownloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest): Promise<string> => {
    const credential = basicCredential(request);
    if (!credential || !(await app.fleet.credentials.verify(credential.serial, credential.token))) {
      throw unauthorized('A unit signs in with its serial number and device token.');
    }
    return credential.serial;
  };
  /**
   * Streams a package file from the file store (any instance has it), honouring a Range. A
   * package published before packages went into the store is served from UPDATES_DIR.
   */
  const send = async (request: FastifyRequest, reply: FastifyReply, key: string, packagePath: string, file: string) => {
    const size = await app.files.size(key);
    let open: (range?: { start: number; end: number }) => Promise<{ stream: Readable }>;
    let total: number;
    if (size !== null) {
      total = size;
      open = (range) => app.files.open(key, range);
    } else {
      const found = await app.software.store.file(await app.software.store.folder(packagePath), file);
      total = found.size;
      open = async (range) => ({ stream: createReadStream(found.path, range ?? {}) });
    }
    const range = parseRange(request.headers.range, total);
    reply.header('accept-ranges', 'bytes').header('content-type', 'application/octet-stream');
    if (!range) {
      reply.header('content-length', total);
      return reply.send((await open()).stream);
    }
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${total}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send((await open(range)).stream);
  };
  const fileSchema = z.union([z.literal('manifest.json'), packageFileNameSchema]);
  const listed = (files: { name: string }[], file: string) =>
    file === 'manifest.json' || files.some((f) => f.name === file);

  app.get(
    '/device/v1/packages/:updateId/:file',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit downloads a file of its staged update (HTTP Basic: serial number and device token)',
        description: 'Supports Range requests, so an interrupted download resumes where it stopped.',
        security: [],
        params: z.object({ updateId: z.coerce.number().int().positive(), file: fileSchema }),
      },
    },
    async (request, reply) => {
      const serial = await authenticate(request);
      const { updateId, file } = request.params;
      const staged = await app.software.repository.staged(serial);
      if (staged?.updateId !== updateId) throw notFound(`Unit ${serial} has no staged update ${updateId}.`);
      const update = await app.software.repository.byId(updateId);
      if (!update || !listed(update.files, file)) throw notFound(`Update ${updateId} has no file ${file}.`);
      return send(request, reply, `${softwarePackageKey(updateId)}/${file}`, update.path, file);
    },
  );
  app.get(
    '/device/v1/spec-packages/:specId/:file',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit downloads a file of a spec release it was sent (HTTP Basic: serial number and device token)',
        description: 'Supports Range requests, so an interrupted download resumes where it stopped.',
        security: [],
        params: z.object({ specId: z.coerce.number().int().positive(), file: fileSchema }),
      },
    },
    async (request, reply) => {
      const serial = await authenticate(request);
      const { specId, file } = request.params;
      const [row] = await app.db
        .select({ path: specUpdates.path, files: specUpdates.files })
        .from(specDeliveries)
        .innerJoin(specUpdates, eq(specUpdates.id, specDeliveries.specUpdateId))
        .where(and(eq(specDeliveries.serialNumber, serial), eq(specDeliveries.specUpdateId, specId)))
        .limit(1);
      if (!row || !listed(row.files, file))
        throw notFound(`Unit ${serial} was not sent spec release ${specId} or its file ${file}.`);
      return send(request, reply, `${specPackageKey(specId)}/${file}`, row.path, file);
    },
  );
}
