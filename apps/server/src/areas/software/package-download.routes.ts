import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { packageDownloadRoutes } from '@ed/contract/routes/package-download';
import { specDeliveries, specUpdates } from '../../db/schema.js';
import { notFound, unauthorized } from '../../shared/domain-error.js';
import { routesOf } from '../../shared/route-table.js';

/** The unit's credential as HTTP Basic: username = serial number, password = device token. */
function basicCredential(request: FastifyRequest): { serial: string; token: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { serial: decoded.slice(0, colon), token: decoded.slice(colon + 1) } : null;
}

/**
 * Package files for units, from the file store: only a unit with a staged update of this package
 * may fetch it, with resume.
 */
export default routesOf(packageDownloadRoutes, (app) => {
  const authenticate = async (request: FastifyRequest): Promise<string> => {
    const credential = basicCredential(request);
    if (!credential || !(await app.unitCredentials.verify(credential.serial, credential.token))) {
      throw unauthorized('A unit signs in with its serial number and device token.');
    }
    return credential.serial;
  };
  const listed = (files: { name: string }[], file: string) =>
    file === 'manifest.json' || files.some((f) => f.name === file);

  return {
    downloadPackageFile: async (request, reply) => {
      const serial = await authenticate(request);
      const { updateId, file } = request.params;
      const staged = await app.software.repository.staged(serial);
      if (staged?.updateId !== updateId) throw notFound(`Unit ${serial} has no staged update ${updateId}.`);
      const update = await app.software.repository.byId(updateId);
      if (!update || !listed(update.files, file)) throw notFound(`Update ${updateId} has no file ${file}.`);
      return app.software.packageFiles.send(request, reply, 'software', updateId, file);
    },
    downloadSpecPackageFile: async (request, reply) => {
      const serial = await authenticate(request);
      const { specId, file } = request.params;
      const [row] = await app.db
        .select({ files: specUpdates.files })
        .from(specDeliveries)
        .innerJoin(specUpdates, eq(specUpdates.id, specDeliveries.specUpdateId))
        .where(and(eq(specDeliveries.serialNumber, serial), eq(specDeliveries.specUpdateId, specId)))
        .limit(1);
      if (!row || !listed(row.files, file))
        throw notFound(`Unit ${serial} was not sent spec release ${specId} or its file ${file}.`);
      return app.software.packageFiles.send(request, reply, 'spec', specId, file);
    },
  };
});
