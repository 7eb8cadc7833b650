import { readdir, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { compareKeys, isTempName, isValidKey, KEY_SPACES } from './file-keys.js';

export interface SweepOptions {
  /** Only files untouched this long are judged: a write may be between its link and its commit. */
  graceMs: number;
  /** Entries looked at in one round; the next round goes on after the last one. */
  maxEntries?: number;
  now?: Date;
}

export interface SweepResult {
  examined: number;
  /** Temporary files of writes that never finished. */
  temps: number;
  /** Files without a registry row: their write's transaction never committed. */
  orphans: number;
  /** True when the round reached the end of the store (the next one starts over). */
  complete: boolean;
}

const CHECK_BATCH = 500;
/** Walked in key order, which the cursor of a bounded round relies on. */
const SPACES_IN_ORDER = [...KEY_SPACES].sort();

/**
 * Removes what a killed or failed write leaves on disk, oldest first in key order, a bounded
 * number of entries per round, only inside the store's own folders.
 */
export class DiskSweep {
  private cursor: string | null = null;

  constructor(
    private readonly root: string,
    /** Which of `keys` have a registry row. */
    private readonly registered: (keys: string[]) => Promise<Set<string>>,
  ) {}

  async round(options: SweepOptions): Promise<SweepResult> {
    const limit = options.maxEntries ?? 10_000;
    const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
    const result: SweepResult = { examined: 0, temps: 0, orphans: 0, complete: true };
    let candidates: string[] = [];
    const judge = async () => {
      const known = await this.registered(candidates);
      const orphans = candidates.filter((k) => !known.has(k));
      await Promise.all(orphans.map((k) => unlink(this.file(k)).catch(() => undefined)));
      result.orphans += orphans.length;
      candidates = [];
    };
    for (const space of SPACES_IN_ORDER) {
      for await (const entry of this.walk(space)) {
        if (this.cursor && compareKeys(entry.rel, this.cursor) <= 0) continue;
        if (result.examined >= limit) {
          result.complete = false;
          break;
        }
        result.examined++;
        this.cursor = entry.rel;
        const name = path.basename(entry.rel);
        if (!entry.dir && !isTempName(name) && !isValidKey(entry.rel)) continue;
        const info = await stat(this.file(entry.rel)).catch(() => null);
        if (!info || info.mtimeMs > cutoff) continue;
        if (entry.dir) {
          // A package folder whose files are gone (rmdir refuses one that is not empty).
          await rmdir(this.file(entry.rel)).catch(() => undefined);
          continue;
        }
        if (isTempName(name)) {
          await unlink(this.file(entry.rel)).catch(() => undefined);
          result.temps++;
        } else {
          candidates.push(entry.rel);
          if (candidates.length >= CHECK_BATCH) await judge();
        }
      }
      if (!result.complete) break;
    }
    if (candidates.length > 0) await judge();
    if (result.complete) this.cursor = null;
    return result;
  }

  private file(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  /** Depth first, names sorted, each folder after its contents (so an emptied one can go). */
  private async *walk(rel: string): AsyncGenerator<{ rel: string; dir: boolean }> {
    const entries = await readdir(this.file(rel), { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        yield* this.walk(child);
        yield { rel: child, dir: true };
      } else if (entry.isFile()) {
        yield { rel: child, dir: false };
      }
    }
  }
}
