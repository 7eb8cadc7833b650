/** Changes of units are gathered this long, so a burst (a fleet reconnecting) costs few statements. */
const GATHER_MS = 200;

/**
 * Serial numbers of units that changed, gathered for a moment and handed on in batches: a unit's
 * change costs a set and a timer, a burst of thousands a few statements. Batches of one gathering
 * run one after another; `flush` hands on what is gathered now (tests wait on it).
 */
export class UnitGathering {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly batchSize: number,
    /** One batch; a failure is the caller's to report (`failed`), and the next batch still runs. */
    private readonly handle: (serialNumbers: string[]) => Promise<void>,
    private readonly failed: (err: unknown, units: number) => void,
    /** Asked before each gathering is handed on: false drops it unread. */
    private readonly wanted: () => Promise<boolean> = () => Promise.resolve(true),
  ) {}

  add(serialNumber: string): void {
    this.pending.add(serialNumber);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.running = this.running.then(() => this.flush());
    }, GATHER_MS);
  }

  async flush(): Promise<void> {
    if (!(await this.wanted())) this.pending.clear();
    while (this.pending.size > 0) {
      const serials = [...this.pending].slice(0, this.batchSize);
      for (const s of serials) this.pending.delete(s);
      await this.handle(serials).catch((err: unknown) => this.failed(err, serials.length));
    }
  }

  /** Stops gathering and waits for the batch under way; what was gathered and not handed on is dropped. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    await this.running;
  }
}
