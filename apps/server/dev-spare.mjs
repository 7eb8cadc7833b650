// npm run dev's spare server process (dev.mjs): run with `--import` before the server's bundle,
// it loads the packages the bundle imports from node_modules while the current server runs, then
// holds the bundle back. Told that the last server has stopped, it opens the embedded database's
// thread while the bundle is built; told that it is built, it lets Node.js run it, which finds the
// thread (db/embedded/early-thread.ts) and the packages already loaded: a restart after a save
// waits for neither.
import { isMainThread } from 'node:worker_threads';
import { openEarly } from './src/db/embedded/early-thread.ts';
import { markStartOrigin } from './src/shared/start-steps.ts';

// Node.js runs `--import` in the database's thread too, which has nothing to wait for.
if (isMainThread) await spare();

async function spare() {
  /** @type {Promise<unknown>} */
  let loaded = Promise.resolve();
  /** @type {(host: string) => void} */
  let open = () => undefined;
  /** The database thread's module, once the last server has let go of the database. */
  const opening = new Promise((resolve) => (open = resolve));
  /** @type {() => void} */
  let go = () => undefined;
  /** Once the bundle is built. */
  const told = new Promise((resolve) => (go = resolve));

  // dev.mjs gone before it said to start: exit-with-parent.mjs, loaded before this, stops it.
  process.on('message', (message) => {
    // A package that fails to load here fails again in the server, which says why.
    if (message.op === 'load')
      loaded = Promise.all(message.packages.map((name) => import(name).catch(() => undefined)));
    if (message.op === 'open') open(message.host);
    if (message.op === 'go') go();
  });

  const host = await opening;
  await loaded;
  // The database opens while the bundle is still being built.
  markStartOrigin();
  openEarly(process.env, new URL(host));
  await told;
  // From here on a server process like any other: no channel to dev.mjs keeps it alive.
  process.removeAllListeners('message');
  process.disconnect();
}
