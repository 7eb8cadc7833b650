import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./fleet-process.mjs', import.meta.url));

/** The parent's handle on the simulated fleet's process. */
export class FleetProcess {
  private readonly child: ChildProcess;
  private next = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly started: Promise<void>;

  constructor(options: {
    units: number;
    serverUrl: string;
    mqttUrl: string;
    enrollmentKey: string;
    heartbeatSeconds: number;
  }) {
    this.child = fork(SCRIPT, [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.started = new Promise((resolve, reject) => {
      this.waiting.set(0, { resolve: () => resolve(), reject });
      this.child.once('exit', (code) => {
        for (const w of this.waiting.values()) w.reject(new Error(`the fleet process exited with ${code}`));
      });
    });
    this.child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
  }

  private call<T>(op: string, args: unknown = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, op, args });
    });
  }

  /** Resolves with the number of units once every unit has connected and reported. */
  ready(): Promise<number> {
    return this.call('ready');
  }

  /** The serial numbers of the units holding a connection to the broker right now. */
  async online(): Promise<string[]> {
    return (await this.call<string[]>('online')).sort();
  }

  /** `times` quick online→offline pairs of one unit, which then stays offline. */
  flap(serialNumber: string, times: number): Promise<boolean> {
    return this.call('flap', { serialNumber, times });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await this.call('stop').catch(() => undefined);
    this.child.kill('SIGKILL');
  }
}
