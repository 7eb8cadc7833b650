import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseFileStore } from '../shared/file-store/database-file-store.js';
import { DiskFileStore } from '../shared/file-store/disk-file-store.js';
import type { FileStore } from '../shared/file-store/file-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

const SWEEP_HOURS = 6;

/**
 * The file store: the database when several instances share it (FILE_STORE=database, the
 * default with DATABASE_URL), else a directory under DATA_DIR. The sweep runs at boot and then
 * every few hours.
 */
async function filesPlugin(app: FastifyInstance) {
  const { config, db, log } = app;
  const store: FileStore =
    config.FILE_STORE === 'database' ? new DatabaseFileStore(db) : new DiskFileStore(config.paths.data, db);
  app.decorate('files', store);
  const sweep = () =>
    store
      .sweep()
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'removed files left behind by interrupted writes');
      })
      .catch((err: unknown) => log.warn({ err }, 'file sweep failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_HOURS * 3_600_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}

export default fp(filesPlugin, { name: 'files', dependencies: ['database'] });
