import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';
import type { TransferProgress } from './downloader.js';
import { HttpDownloader, type PackageSource } from './http-downloader.js';
import { Prng } from './prng.js';

const body = Buffer.alloc(300_000, 7);
const digest = createHash('sha256').update(body).digest('hex');
let server: Server;
const ranges: (string | undefined)[] = [];

async function serve(options: { dropFirst: boolean; checksum?: string; ignoreRange?: boolean }): Promise<string> {
  let dropped = false;
  server = createServer((req, res) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('A12345678:secret').toString('base64')}`) {
      res.writeHead(401).end();
      return;
    }
    if (req.url?.endsWith('.sha256')) {
      res.end(`${options.checksum ?? digest}  image.swu\n`);
      return;
    }
    ranges.push(req.headers.range);
    const start = options.ignoreRange ? 0 : Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const part = body.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, { 'content-length': part.length });
    if (options.dropFirst && !dropped) {
      dropped = true;
      // Half the file, then the connection dies.
      res.write(part.subarray(0, 100_000), () => res.destroy());
      return;
    }
    res.end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/pkg/`;
}

function download(source: PackageSource) {
  const progress: TransferProgress[] = [];
  const result = new Promise<string | null>((resolve) => {
    new HttpDownloader(systemClock, new Prng(1), () => source).start({
      family: 'aligner',
      version: '9.0.0',
      onProgress: (p) => progress.push(p),
      onDone: () => resolve(null),
      onError: (reason) => resolve(reason),
    });
  });
  return { progress, result };
}

const files = [
  { name: 'image.swu', size: body.length },
  { name: 'image.swu.sha256', size: `${digest}  image.swu\n`.length },
];

afterEach(() => {
  ranges.length = 0;
  server.close();
});

describe('HTTP package download', () => {
  it('resumes an interrupted file with a Range request and checks its checksum', async () => {
    const url = await serve({ dropFirst: true });
    const { progress, result } = download({ url, files, serialNumber: 'A12345678', deviceToken: 'secret' });
    expect(await result).toBeNull();
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(ranges[1]!)![0])).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ currentFile: 'image.swu', filesTransferred: 0, totalFilesToTransfer: 2 });
    expect(progress.at(-1)).toMatchObject({ currentFile: 'image.swu.sha256', filesTransferred: 1 });
  }, 20_000);

  it('starts a file over when the server answers its Range request with the whole file', async () => {
    const url = await serve({ dropFirst: true, ignoreRange: true });
    const { result } = download({ url, files, serialNumber: 'A12345678', deviceToken: 'secret' });
    expect(await result).toBeNull();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
  }, 20_000);

  it('fails on a checksum mismatch and on a wrong credential', async () => {
    const url = await serve({ dropFirst: false, checksum: 'f'.repeat(64) });
    expect(await download({ url, files, serialNumber: 'A12345678', deviceToken: 'secret' }).result).toBe(
      'checksum mismatch in image.swu',
    );
    const denied = await download({ url, files, serialNumber: 'A12345678', deviceToken: 'wrong' }).result;
    expect(denied).toMatch(/HTTP 401/);
  }, 30_000);
});
