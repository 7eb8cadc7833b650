/** Thrown by `BoundedSemaphore.run` when every slot is taken and the queue is full too. */
export class SemaphoreFull extends Error {
  override name = 'SemaphoreFull';
}

/**
 * At most `concurrency` tasks at once and at most `queueLimit` waiting; a task beyond that is
 * refused at once, so a flood cannot pile up work (and memory) that would be answered too late.
 */
export class BoundedSemaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be 1 or more');
    if (!Number.isInteger(queueLimit) || queueLimit < 0) throw new RangeError('queueLimit must be 0 or more');
  }

  /** Whether a task started now would be refused. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueLimit;
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queueLimit) throw new SemaphoreFull('every slot is taken and the queue is full');
      // The finishing task hands its slot straight to this one, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
