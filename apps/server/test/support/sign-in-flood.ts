// A flood of wrong sign-ins, each from another address (X-Forwarded-For, which the server trusts
// from loopback as it would from its load balancer), in a process of its own so that the test's
// own measurements do not share its event loop. Run with tsx; options as JSON in argv[2]; it
// floods until the parent sends 'stop', then answers with the count of each status.

export interface FloodOptions {
  url: string;
  /** Requests under way at once. */
  concurrency: number;
  /** The accounts guessed at, in turn; names that do not exist are guessed as well. */
  usernames: string[];
}

export type FloodReport = { started: true } | { statuses: Record<number, number>; sent: number };

const options = JSON.parse(process.argv[2]!) as FloodOptions;
let stopping = false;
let sent = 0;
const statuses: Record<number, number> = {};

/** A different address on every request: per-address limits never see the same one twice. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function guesser(): Promise<void> {
  while (!stopping) {
    const n = ++sent;
    const username = options.usernames[n % options.usernames.length]!;
    const status = await fetch(`${options.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address(n) },
      body: new URLSearchParams({ grant_type: 'password', username, password: `guess-${n}` }).toString(),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const guessers = Array.from({ length: options.concurrency }, () => guesser());
process.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  void Promise.all(guessers).then(() => {
    process.send!({ statuses, sent } satisfies FloodReport, () => process.exit(0));
  });
});
process.send!({ started: true } satisfies FloodReport);
