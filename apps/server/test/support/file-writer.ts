// A process that writes to the file store until it is killed: the crash test's victim.
// Run with tsx; its options come as JSON in argv[2], its progress goes to the parent over IPC.
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { FileStore } from '../../src/shared/file-store/file-store.js';
import type { Backend } from '../../src/shared/file-store/stored-file.js';

export interface WriterOptions {
  backend: Backend;
  root: string;
  databaseUrl?: string;
  pgliteDir?: string;
  /** Written and committed first: it must survive the crash. */
  keep: string;
  /** Never finishes: killed while its bytes stream in, or while its transaction is open. */
  key: string;
  killIn: 'stream' | 'transaction';
}

export type WriterMessage = { kept: true } | { produced: number } | { inTransaction: true };

const options = JSON.parse(process.argv[2]!) as WriterOptions;
const send = (message: WriterMessage) => process.send!(message);
const database = options.databaseUrl
  ? openPostgres(options.databaseUrl)
  : openPglite(await PGlite.create(options.pgliteDir, PGLITE_OPTIONS));
const files = new FileStore(database.db, options.backend, options.root);

await files.put({ key: options.keep, source: Buffer.from('committed before the crash'), contentType: 'text/plain' });
send({ kept: true });

if (options.killIn === 'transaction') {
  await files.transaction(
    [{ key: options.key, source: Buffer.alloc(1_000_000, 7), contentType: 'application/octet-stream' }],
    async () => {
      send({ inTransaction: true });
      await new Promise(() => undefined);
    },
  );
} else {
  let produced = 0;
  const endless = Readable.from(
    (async function* () {
      for (;;) {
        const piece = Buffer.alloc(64 * 1024, produced % 251);
        produced += piece.length;
        send({ produced });
        yield piece;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })(),
  );
  await files.put({ key: options.key, source: endless, contentType: 'application/octet-stream' });
}
