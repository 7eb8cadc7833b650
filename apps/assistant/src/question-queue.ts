import PQueue from 'p-queue';

export interface Timed<T> {
  value: T;
  /** Seconds the question waited for the engine. */
  queueSeconds: number;
  /** Seconds the engine worked on it. */
  engineSeconds: number;
}

/**
 * Questions wait their turn for the engine (at most `concurrency` at once), so a burst of units
 * asking together cannot starve the console; each answer says how long it waited and worked.
 */
export class QuestionQueue {
  private readonly queue: PQueue;

  constructor(
    concurrency: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.queue = new PQueue({ concurrency });
  }

  get waiting(): number {
    return this.queue.size;
  }

  async run<T>(work: () => T | Promise<T>): Promise<Timed<T>> {
    const queuedAt = this.now();
    return this.queue.add(async () => {
      const startedAt = this.now();
      const value = await work();
      const doneAt = this.now();
      return { value, queueSeconds: (startedAt - queuedAt) / 1000, engineSeconds: (doneAt - startedAt) / 1000 };
    });
  }

  onIdle(): Promise<void> {
    return this.queue.onIdle();
  }
}
