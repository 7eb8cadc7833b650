// The flood of bench:login in a thread of its own, so that answering it does not delay the
// list's own client in the benchmark's event loop: `flooders` loops of wrong passwords for
// rotating usernames, each request from a new X-Forwarded-For. Posts the answers by status.
import { parentPort, workerData } from 'node:worker_threads';

const { url, flooders, seconds } = workerData;
const statuses = {};
let sent = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: flooders }, async (_, f) => {
    while (performance.now() < end) {
      sent += 1;
      const ip = `198.${18 + (sent % 2)}.${(sent >> 8) % 256}.${sent % 256}`;
      const res = await fetch(`${url}/auth/token/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({
          grant_type: 'password',
          username: `user-${(sent * 7 + f) % 1000}`,
          password: `guess-${sent}`,
        }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
parentPort.postMessage({ perSecond: sent / seconds, statuses });
