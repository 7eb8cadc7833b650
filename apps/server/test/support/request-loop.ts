/** One answer a loop got: when it ended (performance.now()), its status and its message. */
export interface Answer {
  name: string;
  startedAt: number;
  endedAt: number;
  /** 0 when no answer came (the connection failed, or the request timed out). */
  status: number;
  message?: string;
}

export interface LoopRequest {
  name: string;
  send(): Promise<Response>;
}

/**
 * `workers` callers that send `requests` in turn, one after the other, until stopped: the
 * traffic of a few busy users, each answer recorded with its time.
 */
export class RequestLoop {
  readonly answers: Answer[] = [];
  private stopped = false;
  private readonly running: Promise<void>[];

  constructor(
    requests: LoopRequest[],
    workers: number,
    /** Pause between a worker's requests. */
    private readonly pauseMs = 0,
  ) {
    this.running = Array.from({ length: workers }, (_, w) => this.work(requests, w));
  }

  private async work(requests: LoopRequest[], offset: number): Promise<void> {
    for (let i = offset; !this.stopped; i += 1) {
      const request = requests[i % requests.length]!;
      const startedAt = performance.now();
      let status = 0;
      let message: string | undefined;
      try {
        const res = await request.send();
        status = res.status;
        const text = await res.text();
        if (!res.ok) message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch (err) {
        message = (err as Error).message;
      }
      this.answers.push({ name: request.name, startedAt, endedAt: performance.now(), status, message });
      if (this.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }

  /** The first answer with `status` that ended after `since`, per request name. */
  firstAfter(since: number, status = 200): Map<string, Answer> {
    const first = new Map<string, Answer>();
    for (const a of this.answers) {
      if (a.endedAt > since && a.status === status && !first.has(a.name)) first.set(a.name, a);
    }
    return first;
  }

  /** Counts of each status, and the distinct messages of the answers that were not 200. */
  summary(): { statuses: Record<number, number>; messages: string[] } {
    const statuses: Record<number, number> = {};
    for (const a of this.answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const messages = [...new Set(this.answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.message}`))];
    return { statuses, messages };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }
}
