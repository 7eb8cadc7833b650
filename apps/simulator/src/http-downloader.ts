import { createHash, type Hash } from 'node:crypto';
import { sleep, type Clock } from './clock.js';
import type { DownloadHandle, DownloadJob, Downloader } from './downloader.js';
import type { Prng } from './prng.js';

/** Where a staged package is and how the unit proves who it is (docs/device-protocol.md). */
export interface PackageSource {
  /** The package folder's URL, ending in '/'. */
  url: string;
  /** With `sha256` when the unit checked the release's signatures: each file must match it. */
  files: { name: string; size: number; sha256?: string }[];
  serialNumber: string;
  deviceToken: string;
}

/**
 * A download attempt that failed; `refused` when the server said this unit may not have the file;
 * `verdict` when the unit refuses the package itself (a file larger than announced, or not the
 * signed one): no later attempt makes it right, so the update fails with this reason.
 */
export class DownloadFailed extends Error {
  override readonly name = 'DownloadFailed';

  constructor(
    message: string,
    readonly refused = false,
    readonly verdict = false,
  ) {
    super(message);
  }
}

/** What the unit holds of one file: the bytes so far (hashed as they came), and a checksum file's text. */
interface FilePart {
  got: number;
  hash: Hash;
  text: Buffer[] | null;
  /** Set once the whole file is in. */
  digest: string | null;
}

const REPORT_MS = 1000;

const freshPart = (name: string): FilePart => ({
  got: 0,
  hash: createHash('sha256'),
  text: name.endsWith('.sha256') ? [] : null,
  digest: null,
});

/**
 * Fetches a staged package over HTTP with the unit's credential, at the unit's link speed (a rate
 * between 0.6 and 2.5 MB/s), and checks each `<file>.sha256` against the file it names. What it
 * has of a package outlives a failed attempt: the next one asks for the rest with a Range request.
 * One attempt per start; the updater decides when to try again (download-retry.ts).
 */
export class HttpDownloader implements Downloader {
  private held: { url: string; parts: Map<string, FilePart> } = { url: '', parts: new Map() };

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
      () => {
        // Done with: a later download of the same package (after a failed install) fetches it anew.
        this.held = { url: '', parts: new Map() };
        job.onDone();
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const failed = err instanceof DownloadFailed ? err : null;
        job.onError(
          err instanceof Error ? err.message : String(err),
          failed?.refused ?? false,
          failed?.verdict ?? false,
        );
      },
    );
    return { cancel: () => abort.abort(new Error('download cancelled')) };
  }

  private part(name: string, size: number): FilePart {
    let part = this.held.parts.get(name);
    if (!part || part.got > size) {
      part = freshPart(name);
      this.held.parts.set(name, part);
    }
    return part;
  }

  private async run(job: DownloadJob, source: PackageSource, signal: AbortSignal): Promise<void> {
    if (this.held.url !== source.url) this.held = { url: source.url, parts: new Map() };
    const rate = this.prng.int(600_000, 2_500_000);
    const authorization = `Basic ${Buffer.from(`${source.serialNumber}:${source.deviceToken}`).toString('base64')}`;
    let lastReport = -Infinity;
    for (const [index, file] of source.files.entries()) {
      const part = this.part(file.name, file.size);
      if (part.digest !== null) continue;
      const started = this.clock.now();
      let moved = 0;
      const report = (force: boolean) => {
        const now = this.clock.now();
        if (!force && now - lastReport < REPORT_MS) return;
        lastReport = now;
        const measured = Math.round(moved / Math.max((now - started) / 1000, 0.001));
        job.onProgress({
          currentFile: file.name,
          filesTransferred: index,
          totalFilesToTransfer: source.files.length,
          fileProgress: {
            bytesTransferred: part.got,
            progress: file.size > 0 ? Math.min(100, Math.round((part.got / file.size) * 1000) / 10) : 100,
            transferRate: measured,
            estimatedTimeRemaining: measured > 0 ? Math.ceil(Math.max(0, file.size - part.got) / measured) : 0,
          },
        });
      };
      report(true);
      await this.fetchFile(new URL(file.name, source.url), file.size, part, authorization, signal, async (chunk) => {
        moved += chunk.length;
        // An endless or swollen file is cut off at its announced size, not stored to the last byte.
        if (part.got > file.size) {
          this.held.parts.delete(file.name);
          const signed = file.sha256 ? 'signed ' : '';
          throw new DownloadFailed(`file: ${file.name} is larger than its ${signed}${file.size} bytes`, false, true);
        }
        // Pace to the link speed: never ahead of rate × elapsed time.
        const aheadMs = (moved / rate) * 1000 - (this.clock.now() - started);
        if (aheadMs > 5) await sleep(this.clock, aheadMs, signal);
        report(false);
      });
      part.digest = part.hash.digest('hex');
      if (file.sha256 && part.digest !== file.sha256) {
        this.held.parts.delete(file.name);
        throw new DownloadFailed(`file: ${file.name} does not match its signed SHA-256`, false, true);
      }
    }
    this.verify(source);
  }

  /**
   * Fetches the rest of a file into its part. A connection that breaks after bytes came is resumed
   * at once where they stopped; a request that brings nothing fails the attempt.
   */
  private async fetchFile(
    url: URL,
    size: number,
    part: FilePart,
    authorization: string,
    signal: AbortSignal,
    onChunk: (chunk: Buffer) => Promise<void>,
  ): Promise<void> {
    let requested = false;
    while (part.got < size || !requested) {
      requested = true;
      let received = 0;
      try {
        const res = await this.open(url, authorization, part, signal);
        // 200 to a Range request: the server sends the whole file again, so the unit starts it over.
        if (part.got > 0 && res.status !== 206) Object.assign(part, freshPart(url.pathname));
        // A fetch body is bytes; undici types it as a stream of `any`.
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // A cancelled attempt must not add to the part a newer attempt now fills.
          if (signal.aborted) throw signal.reason as Error;
          const chunk = Buffer.from(value);
          // Counted as it arrives, so a broken connection resumes exactly where the bytes stopped.
          part.hash.update(chunk);
          part.text?.push(chunk);
          part.got += chunk.length;
          received += chunk.length;
          await onChunk(chunk).catch(async (err: unknown) => {
            // Refused mid-file: the rest is not read (an endless file would never end).
            await reader.cancel().catch(() => undefined);
            throw err;
          });
        }
      } catch (err) {
        if (signal.aborted || received === 0 || err instanceof DownloadFailed) throw err;
        continue;
      }
      if (received === 0 && part.got < size) throw new DownloadFailed(`${url.pathname} ended at byte ${part.got}`);
    }
  }

  /** Asks for the rest of the file; throws a DownloadFailed unless the server sends it. */
  private async open(url: URL, authorization: string, part: FilePart, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { authorization };
    if (part.got > 0) headers.range = `bytes=${part.got}-`;
    const res = await this.fetchImpl(url, { headers, signal });
    if (res.ok && res.body) return res;
    await res.body?.cancel().catch(() => undefined);
    // The file on the server is shorter than what the unit holds of it: not the same file.
    if (res.status === 416) Object.assign(part, freshPart(url.pathname));
    // A refusal (credential, not staged for this unit) will hardly change; a busy or broken server may.
    const refused = res.status >= 400 && res.status < 500 && ![408, 416, 429].includes(res.status);
    throw new DownloadFailed(`HTTP ${res.status} for ${url.pathname}`, refused);
  }

  /** Checks each `<file>.sha256`; a file that does not match is dropped, so the next attempt fetches it anew. */
  private verify(source: PackageSource): void {
    const parts = this.held.parts;
    for (const { name } of source.files) {
      const text = parts.get(name)?.text;
      if (!text) continue;
      const [expected, named] = Buffer.concat(text).toString('utf8').trim().split(/\s+/);
      const target = named ?? name.replace(/\.sha256$/, '');
      const actual = parts.get(target)?.digest;
      if (actual && expected && actual !== expected.toLowerCase()) {
        parts.delete(target);
        parts.delete(name);
        throw new DownloadFailed(`checksum mismatch in ${target}`);
      }
    }
  }
}
