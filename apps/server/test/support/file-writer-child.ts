// A writer killed in the middle of a file (file-store-crash.test.ts): it streams a file into the
// store without end, says when a megabyte is on its way, and waits for its SIGKILL.
import { Readable } from 'node:stream';
import { openPostgres } from '../../src/db/client.js';
import { DatabaseFileStore } from '../../src/shared/file-store/database-file-store.js';
import { DiskFileStore } from '../../src/shared/file-store/disk-file-store.js';

const [kind, url, dir, key] = process.argv.slice(2) as [string, string, string, string];
const database = openPostgres(url);
const store = kind === 'database' ? new DatabaseFileStore(database.db) : new DiskFileStore(dir, database.db);
const PIECE = 64 * 1024;
let sent = 0;
const endless = new Readable({
  read() {
    setTimeout(() => {
      this.push(Buffer.alloc(PIECE, 7));
      sent += PIECE;
      if (sent === 1024 * 1024) process.stdout.write('writing\n');
    }, 2);
  },
});
await store.put(key, endless);
