import { randomBytes, createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rmdir, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { conflict } from '../domain-error.js';
import { storageFullOr } from './storage-full.js';
import { bytesOf, type ByteRange, type NewFile } from './stored-file.js';

export interface PlacedFile {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
}

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Makes a rename or unlink in `dir` durable (the entry, not just the file's bytes). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The disk back end: each key a file under `root`. A file is written to a temporary name,
 * flushed, and then linked to its key, so a reader or a crash never sees half a file.
 */
export class DiskFiles {
  constructor(readonly root: string) {}

  path(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Writes every file under a temporary name, then gives each its key; on failure nothing stays.
   * A key that exists already is a 409: a link never replaces a file, unlike a rename. A full
   * disk is a 507.
   */
  async place(files: NewFile[]): Promise<PlacedFile[]> {
    const temps: { file: NewFile; temp: string; size: number; sha256: string }[] = [];
    const linked: string[] = [];
    try {
      for (const file of files) temps.push({ file, ...(await this.writeTemp(file)) });
      for (const { file, temp } of temps) {
        const target = this.path(file.key);
        await link(temp, target).catch((err: unknown) => {
          if (err instanceof Error && 'code' in err && err.code === 'EEXIST') {
            throw conflict(`The file store already holds ${file.key}.`);
          }
          throw err;
        });
        linked.push(file.key);
        // The sweep's grace period counts from here, not from when the bytes were written.
        const now = new Date();
        await utimes(target, now, now);
      }
      await Promise.all([...new Set(linked.map((k) => path.dirname(this.path(k))))].map(syncDir));
    } catch (err) {
      await this.discard(linked);
      throw storageFullOr(err);
    } finally {
      await Promise.all(temps.map((t) => unlink(t.temp).catch(() => undefined)));
    }
    return temps.map(({ file, size, sha256 }) => ({ key: file.key, size, sha256, contentType: file.contentType }));
  }

  private async writeTemp(file: NewFile): Promise<{ temp: string; size: number; sha256: string }> {
    const target = this.path(file.key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.from(bytesOf(file.source)),
        measure,
        createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
      );
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    return { temp, size, sha256: hash.digest('hex') };
  }

  /** The file's size, or null when this instance's disk does not hold it. */
  async size(key: string): Promise<number | null> {
    const info = await stat(this.path(key)).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return info?.isFile() ? info.size : null;
  }

  /** A stream of the file or of `range` of it; null when the file is not here. */
  async open(key: string, range: ByteRange | null): Promise<Readable | null> {
    const handle = await open(this.path(key), 'r').catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!handle) return null;
    return createReadStream('', { fd: handle, start: range?.start, end: range?.end });
  }

  /** Removes files (a missing one is fine) and the package folders they leave empty. */
  async discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        await unlink(this.path(key)).catch((err: unknown) => {
          if (!isMissing(err)) throw err;
        });
        if (key.split('/').length > 2) await rmdir(path.dirname(this.path(key))).catch(() => undefined);
      }),
    );
  }
}
