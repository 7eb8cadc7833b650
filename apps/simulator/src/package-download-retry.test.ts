import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stateMessageSchema, type StateMessage } from '@ed/contract/device-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualDownloader } from './downloader.js';
import { REFUSED_RETRIES } from './download-retry.js';
import { FakeClock } from './fake-clock.js';
import { Prng } from './prng.js';
import { testProfile } from './test-support.js';
import { idleUpdateState } from './unit-profile.js';
import { UpdateFlow } from './update-flow.js';
import type { PinnedRoot } from './release-check.js';

const body = Buffer.alloc(300_000, 7);
const digest = createHash('sha256').update(body).digest('hex');
const files = [
  { name: 'image.swu', size: body.length },
  { name: 'image.swu.sha256', size: `${digest}  image.swu\n`.length },
];

/** What goes wrong with one request: half the file then a dead line, a reset, an HTTP status, a wrong checksum. */
type Fault = 'drop' | 'reset' | 'bad-sum' | number | null;

let server: Server;
afterEach(() => {
  server.closeAllConnections();
  server.close();
});

/** A package server that answers Range with 206, and whose requests go wrong as `fault` says. */
async function packageServer(fault: (req: IncomingMessage, n: number) => Fault) {
  const requests: { path: string; range: string | undefined }[] = [];
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ path, range: req.headers.range });
    const what = fault(req, requests.length);
    if (what === 'reset') return void req.socket.destroy();
    if (typeof what === 'number') return void res.writeHead(what).end();
    if (path.endsWith('.sha256')) return void res.end(`${what === 'bad-sum' ? 'f'.repeat(64) : digest}  image.swu\n`);
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const part = body.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, { 'content-length': part.length });
    if (what === 'drop') return void res.write(part.subarray(0, 100_000), () => res.destroy());
    res.end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** An updater on a fake clock whose unit has nothing pending, reporting every change checked against the protocol. */
function updater(serverUrl: string) {
  const clock = new FakeClock();
  const warnings: string[] = [];
  const state = testProfile({}, { pendingSoftwareDownload: null, updateState: idleUpdateState('TRY_INSERT_UPDATE') });
  const host = {
    state: structuredClone(state.state),
    apply(patch: StateMessage) {
      expect(stateMessageSchema.safeParse(patch).success).toBe(true);
      Object.assign(host.state, patch);
    },
    warn: (message: string) => warnings.push(message),
    deviceCredential: () => ({ serialNumber: 'V33CQ0123', deviceToken: 'secret', serverUrl }),
    pinnedRoot: null as PinnedRoot | null,
  };
  const flow = new UpdateFlow(host, clock, new Prng(3), new VirtualDownloader(clock, new Prng(4)));
  /** Lets the real HTTP calls run between steps of fake time, until `done` (at most an hour of it). */
  const runUntil = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 250) {
      if (waited > 3_600_000) throw new Error(`not done after an hour: ${JSON.stringify(host.state.updateState)}`);
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(250);
    }
  };
  return { clock, host, flow, warnings, runUntil };
}

const stage = (semantic: string, url: string) => ({ version: { semantic, meta: null }, url, files });

describe('a staged download that fails', () => {
  it('is retried with back-off, resuming with Range, and installed without any command', async () => {
    const faults: Fault[] = ['drop', 503, 'reset', 502];
    const { base, requests } = await packageServer(() => faults.shift() ?? null);
    const { host, flow, runUntil } = updater(base);
    flow.stage(stage('9.0.0', `${base}/pkg/`));
    await runUntil(() => host.state.updateState?.state === 'INSTALLATION_COMPLETE');
    expect(host.state.version.semantic).toBe('9.0.0');
    const image = requests.filter((r) => r.path === '/pkg/image.swu');
    expect(image).toHaveLength(5);
    expect(image[0]!.range).toBeUndefined();
    // Every later request asks for the rest: the 100 kB that came before the line died are kept.
    const resumedAt = Number(/bytes=(\d+)-/.exec(image[1]!.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(image.slice(1).every((r) => r.range === `bytes=${resumedAt}-`)).toBe(true);
  });

  it('fetches a package whose checksum did not match again, from the start', async () => {
    const { base, requests } = await packageServer((_req, n) => (n === 2 ? 'bad-sum' : null));
    const { host, flow, warnings, runUntil } = updater(base);
    flow.stage(stage('9.0.0', `${base}/pkg/`));
    await runUntil(() => host.state.updateState?.state === 'INSTALLATION_COMPLETE');
    expect(requests.map((r) => [r.path, r.range])).toEqual([
      ['/pkg/image.swu', undefined],
      ['/pkg/image.swu.sha256', undefined],
      ['/pkg/image.swu', undefined],
      ['/pkg/image.swu.sha256', undefined],
    ]);
    expect(warnings).toEqual(['download of 9.0.0 failed: checksum mismatch in image.swu; retrying']);
  });

  it('gives up after a few refusals (the update is no longer staged for this unit)', async () => {
    const { base, requests } = await packageServer(() => 404);
    const { clock, host, flow, warnings, runUntil } = updater(base);
    flow.stage(stage('9.0.0', `${base}/pkg/`));
    await runUntil(() => warnings.some((w) => w.includes('giving up')));
    expect(requests).toHaveLength(1 + REFUSED_RETRIES);
    clock.advance(3_600_000);
    expect(requests).toHaveLength(1 + REFUSED_RETRIES);
    expect(host.state).toMatchObject({ pendingSoftwareDownload: '9.0.0', updateState: { state: 'READY_TO_DOWNLOAD' } });
  });

  it('stops retrying an update a newer stage replaced', async () => {
    const { base, requests } = await packageServer((req) => (req.url?.startsWith('/old/') ? 503 : null));
    const { host, flow, runUntil } = updater(base);
    flow.stage(stage('9.0.0', `${base}/old/`));
    await runUntil(() => requests.length >= 2);
    flow.stage(stage('9.1.0', `${base}/new/`));
    await runUntil(() => host.state.updateState?.state === 'INSTALLATION_COMPLETE');
    expect(host.state.version.semantic).toBe('9.1.0');
    expect(requests.filter((r) => r.path.startsWith('/old/'))).toHaveLength(2);
  });

  it('retries a spec release the same way', async () => {
    const faults: Fault[] = [503, 'reset', 'drop'];
    const { base, requests } = await packageServer(() => faults.shift() ?? null);
    const { host, flow, runUntil } = updater(base);
    flow.specs.stage({ version: { name: 'NA-2031', month: 1, year: 2031 }, url: `${base}/specs/`, files });
    await runUntil(() => host.state.specs?.name === 'NA-2031');
    expect(host.state).toMatchObject({ specsExpiration: { month: 1, year: 2032 } });
    expect(host.state.updateState?.state).toBe('INSTALLATION_COMPLETE');
    expect(requests.filter((r) => r.path === '/specs/image.swu').length).toBeGreaterThanOrEqual(4);
  });
});
