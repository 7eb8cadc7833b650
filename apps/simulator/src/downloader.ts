import type { z } from 'zod';
import type { transferProgressSchema } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import { TimerGroup, type Clock } from './clock.js';
import type { Prng } from './prng.js';

export type TransferProgress = z.infer<typeof transferProgressSchema>;

export interface DownloadJob {
  family: Family;
  version: string;
  /** Called at most once a second with the file being fetched. */
  onProgress(progress: TransferProgress): void;
  onDone(): void;
  /**
   * `refused`: the server said the unit may not have the package (401, 404), so retrying will
   * hardly help; `verdict`: the unit refuses the package itself (not the signed file), so the
   * update fails with `reason`.
   */
  onError(reason: string, refused?: boolean, verdict?: boolean): void;
}

export interface DownloadHandle {
  cancel(): void;
}

/** How a unit fetches an update package; the virtual one below stands in until packages are served. */
export interface Downloader {
  start(job: DownloadJob): DownloadHandle;
}

const TICK_MS = 1000;

/**
 * A download that moves no bytes: a manifest, the package (3-8 MB) and its signature, at a rate
 * between 0.4 and 2.5 MB/s with some jitter, reported once per second of the given clock.
 */
export class VirtualDownloader implements Downloader {
  constructor(
    private readonly clock: Clock,
    private readonly prng: Prng,
  ) {}

  start(job: DownloadJob): DownloadHandle {
    const files = [
      { name: 'manifest.json', size: this.prng.int(1_500, 3_000) },
      { name: `${job.family}-${job.version}.swu`, size: this.prng.int(3_000_000, 8_000_000) },
      { name: `${job.family}-${job.version}.swu.sig`, size: 512 },
    ];
    const baseRate = this.prng.int(400_000, 2_500_000);
    const timers = new TimerGroup(this.clock);
    let fileIndex = 0;
    let fileBytes = 0;

    const report = (rate: number): void => {
      const file = files[fileIndex]!;
      job.onProgress({
        currentFile: file.name,
        filesTransferred: fileIndex,
        totalFilesToTransfer: files.length,
        fileProgress: {
          bytesTransferred: fileBytes,
          progress: Math.round((fileBytes / file.size) * 1000) / 10,
          transferRate: rate,
          estimatedTimeRemaining: rate > 0 ? Math.ceil((file.size - fileBytes) / rate) : 0,
        },
      });
    };

    const tick = (): void => {
      const rate = Math.round(baseRate * this.prng.float(0.85, 1.15));
      let budget = (rate * TICK_MS) / 1000;
      while (budget > 0 && fileIndex < files.length) {
        const file = files[fileIndex]!;
        const step = Math.min(budget, file.size - fileBytes);
        fileBytes += step;
        budget -= step;
        if (fileBytes >= file.size) {
          fileIndex += 1;
          fileBytes = 0;
        }
      }
      if (fileIndex >= files.length) {
        job.onDone();
        return;
      }
      report(rate);
      timers.after(TICK_MS, tick);
    };

    report(0);
    timers.after(TICK_MS, tick);
    return { cancel: () => timers.cancelAll() };
  }
}
