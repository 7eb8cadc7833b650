import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.js';
import type { Logger } from './logger.js';
import { Prng } from './prng.js';
import { RegistrationRefused, registerWithRetry } from './registration.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A registration endpoint answering in turn with `answers`, recording what each request sent. */
async function serve(answers: { status: number; body: object }[]) {
  const bodies: Record<string, unknown>[] = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(raw) as Record<string, unknown>);
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

const pending = {
  status: 202,
  body: { serialNumber: 'A1234567', status: 'pending', claimToken: 'c-1', retryAfterSeconds: 60 },
};
const issued = {
  status: 200,
  body: { serialNumber: 'A1234567', deviceToken: 't-2', mqtt: { websocketPath: '/mqtt', tcpPort: null } },
};

/** Runs the registration while moving the fake clock on, as the unit's minutes pass. */
async function registerOnClock(url: string, deviceToken?: string) {
  const clock = new FakeClock();
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
  const signal = new AbortController().signal;
  const done = registerWithRetry(
    { serverUrl: url, serialNumber: 'A1234567', enrollmentKey: 'key', deviceToken },
    { clock, prng: new Prng(1), signal, logger },
  );
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.advance(30_000);
  }
  return { result: done, warnings };
}

describe('registration of a serial number the server knows already', () => {
  it('sends the token it holds, and waits on a claim until an administrator approves it', async () => {
    const { url, bodies } = await serve([pending, pending, issued]);
    const { result, warnings } = await registerOnClock(url, 't-1');
    expect((await result).deviceToken).toBe('t-2');
    expect(bodies[0]).toMatchObject({ deviceToken: 't-1' });
    expect(bodies[0]).not.toHaveProperty('claimToken');
    expect(bodies.slice(1).map((b) => b.claimToken)).toEqual(['c-1', 'c-1']);
    expect(warnings).toEqual(['A1234567: registered already; waiting for an administrator to approve the claim']);
  });

  it('gives up when the claim is refused', async () => {
    const { url } = await serve([
      pending,
      { status: 403, body: { message: 'An administrator refused this claim to A1234567.' } },
    ]);
    const { result } = await registerOnClock(url);
    await expect(result).rejects.toThrow(RegistrationRefused);
    await expect(result).rejects.toThrow(/refused this claim/);
  });
});
