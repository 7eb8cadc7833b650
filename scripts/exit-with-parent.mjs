// Loaded first (`--import`) into the processes of `npm run dev`: killed outright (kill -9, a
// closed terminal), a parent sends its children no signal, and they would run on, holding their
// ports. Once its parent is gone, a process is sent the SIGTERM it would have had, once, and stops
// as it does on Ctrl+C (the server's children with it).
import { isMainThread } from 'node:worker_threads';

// Node.js loads `--import` into a process's worker threads too: the process is watched once.
if (isMainThread) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 1_000);
  watch.unref();
}
