import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileStore } from '../shared/file-store/file-store.js';

/**
 * The file store (FILE_STORE): attachments, screen shots, packages and the outbox. Each instance
 * sweeps its own disk for what killed writes left, at boot and every FILE_STORE_SWEEP_MINUTES.
 */
async function filesPlugin(app: FastifyInstance) {
  const { config, db, log } = app;
  const files = new FileStore(db, config.FILE_STORE, config.paths.data, log);
  app.decorate('files', files);

  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    running ??= files
      .sweep({ graceMs: config.FILE_STORE_GRACE_MINUTES * 60_000 })
      .then((result) => {
        if (result.temps + result.orphans > 0) log.info(result, 'file store swept');
      })
      .catch((err: unknown) => log.warn({ err }, 'file store sweep failed'))
      .finally(() => (running = undefined));
    return running;
  };
  // At ready, not at registration: the outbox adopts mails older installs left before anything is
  // swept. In the background: a walk of the disk need not hold up the first requests.
  app.addHook('onReady', () => {
    void sweep();
    if (config.FILE_STORE_SWEEP_MINUTES > 0) {
      timer = setInterval(() => void sweep(), config.FILE_STORE_SWEEP_MINUTES * 60_000).unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(filesPlugin, { name: 'files', dependencies: ['database'] });
