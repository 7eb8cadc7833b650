import { createHash } from 'node:crypto';
import { sleep, type Clock } from './clock.js';
import type { DownloadHandle, DownloadJob, Downloader } from './downloader.js';
import type { Prng } from './prng.js';

/** Where a staged package is and how the unit proves who it is (docs/device-protocol.md). */
export interface PackageSource {
  /** The package folder's URL, ending in '/'. */
  url: string;
  files: { name: string; size: number }[];
  serialNumber: string;
  deviceToken: string;
}

const REPORT_MS = 1000;
const MAX_ATTEMPTS = 6;

/**
 * Fetches a staged package over HTTP with the unit's credential, at the unit's link speed (a rate
 * between 0.6 and 2.5 MB/s), resuming an interrupted file with a Range request, and checking each
 * `<file>.sha256` against the file it names.
 */
export class HttpDownloader implements Downloader {
  constructor(
    private readonly clock: Clock,
    private readonly prng: Prng,
    private readonly source: () => PackageSource | null,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  start(job: DownloadJob): DownloadHandle {
    const abort = new AbortController();
    const source = this.source();
    if (!source) {
      queueMicrotask(() => job.onError('no package source for the staged update'));
      return { cancel: () => undefined };
    }
    this.run(job, source, abort.signal).then(
      () => job.onDone(),
      (err: unknown) => {
        if (!abort.signal.aborted) job.onError(err instanceof Error ? err.message : String(err));
      },
    );
    return { cancel: () => abort.abort(new Error('download cancelled')) };
  }

  private async run(job: DownloadJob, source: PackageSource, signal: AbortSignal): Promise<void> {
    const rate = this.prng.int(600_000, 2_500_000);
    const authorization = `Basic ${Buffer.from(`${source.serialNumber}:${source.deviceToken}`).toString('base64')}`;
    const digests = new Map<string, string>();
    const texts = new Map<string, string>();
    let lastReport = -Infinity;
    for (const [index, file] of source.files.entries()) {
      const hash = createHash('sha256');
      const keepText = file.name.endsWith('.sha256');
      const chunks: Buffer[] = [];
      let got = 0;
      let attempts = 0;
      const started = this.clock.now();
      const report = (force: boolean) => {
        const now = this.clock.now();
        if (!force && now - lastReport < REPORT_MS) return;
        lastReport = now;
        const seconds = Math.max((now - started) / 1000, 0.001);
        const measured = Math.round(got / seconds);
        job.onProgress({
          currentFile: file.name,
          filesTransferred: index,
          totalFilesToTransfer: source.files.length,
          fileProgress: {
            bytesTransferred: got,
            progress: file.size > 0 ? Math.round((got / file.size) * 1000) / 10 : 100,
            transferRate: measured,
            estimatedTimeRemaining: measured > 0 ? Math.ceil((file.size - got) / measured) : 0,
          },
        });
      };
      report(true);
      while (got < file.size || (file.size === 0 && attempts === 0)) {
        try {
          await this.fetchFile(new URL(file.name, source.url), authorization, got, signal, async (chunk) => {
            // Counted as it arrives, so a dropped connection resumes exactly where the bytes stopped.
            hash.update(chunk);
            if (keepText) chunks.push(chunk);
            got += chunk.length;
            // Pace to the link speed: never ahead of rate × elapsed time.
            const aheadMs = (got / rate) * 1000 - (this.clock.now() - started);
            if (aheadMs > 5) await sleep(this.clock, aheadMs, signal);
            report(false);
          });
          if (file.size === 0) break;
        } catch (err) {
          if (signal.aborted || (err as { final?: boolean }).final) throw err;
          attempts += 1;
          if (attempts >= MAX_ATTEMPTS) throw err;
          await sleep(this.clock, 1000 * attempts, signal);
        }
      }
      digests.set(file.name, hash.digest('hex'));
      if (keepText) texts.set(file.name, Buffer.concat(chunks).toString('utf8'));
    }
    for (const [name, text] of texts) {
      const [expected, named] = text.trim().split(/\s+/);
      const target = named ?? name.replace(/\.sha256$/, '');
      const actual = digests.get(target);
      if (actual && expected && actual !== expected.toLowerCase()) throw new Error(`checksum mismatch in ${target}`);
    }
  }

  /** Fetches from byte `offset` on (a resume asks for a Range), handing each chunk to `onChunk`. */
  private async fetchFile(
    url: URL,
    authorization: string,
    offset: number,
    signal: AbortSignal,
    onChunk: (chunk: Buffer) => Promise<void>,
  ): Promise<void> {
    const headers: Record<string, string> = { authorization };
    if (offset > 0) headers.range = `bytes=${offset}-`;
    const res = await this.fetchImpl(url, { headers, signal });
    if (offset > 0 && res.status !== 206)
      throw new Error(`the server did not resume ${url.pathname} (HTTP ${res.status})`);
    if (!res.ok || !res.body) {
      const error = new Error(`HTTP ${res.status} for ${url.pathname}`);
      // The server refused (credential, no such staged update): asking again will not help.
      throw Object.assign(error, {
        final: res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429,
      });
    }
    // A fetch body is bytes; undici types it as a stream of `any`.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      await onChunk(Buffer.from(value));
    }
  }
}
