import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./fleet-process.mjs', import.meta.url));

export interface UnitProfile {
  serialNumber: string;
  family: string;
  version: string | null;
}

/**
 * What a unit holds, by its own account (`SimulatedUnit.truth()`), with what the harness saw of it
 * from outside (ms since the epoch): when it went offline, and when its presence and its reported
 * version or update state last changed.
 */
export interface UnitTruth {
  serialNumber: string;
  family: string;
  online: boolean;
  connectionSeq: number | null;
  stateSeq: number | null;
  version: string;
  updateState: string | null;
  /** Connections the broker accepted (CONNACK) since the unit started. */
  connections: number;
  /** Connections given up while their CONNECT was on its way: the broker may have had them. */
  unconfirmedConnections: number;
  offlineEpisodes: number;
  /** Completed installs, by version. */
  installs: Record<string, number>;
  /** Every `stage` command it took, with the connection it came on. */
  stageReceived: { version: string; connectionSeq: number | null }[];
  offlineAt: number[];
  changedAt: number;
  stateChangedAt: number;
}

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
    concurrency: number;
  }) {
    this.child = fork(SCRIPT, [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.started = new Promise((resolve, reject) => {
      this.waiting.set(0, { resolve: () => resolve(), reject });
    });
    this.child.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`the fleet process exited with ${code}`));
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
      this.waiting.set(id, { resolve: resolve, reject });
      this.child.send({ id, op, args });
    });
  }

  /** Resolves with the number of units once every unit has connected and reported. */
  ready(): Promise<number> {
    return this.call('ready');
  }

  profiles(): Promise<UnitProfile[]> {
    return this.call('profiles');
  }

  /** Each unit's serial number, whether it holds a connection, when that last changed, and its connections. */
  presence(): Promise<[string, boolean, number, number][]> {
    return this.call('presence');
  }

  truth(): Promise<UnitTruth[]> {
    return this.call('truth');
  }

  flap(serialNumbers: string[], onlineMs: [number, number], offlineMs: [number, number]): Promise<number> {
    return this.call('flap', { serialNumbers, onlineMs, offlineMs });
  }

  /** Stops the flapping and waits until the flappers are back online. */
  calm(): Promise<boolean> {
    return this.call('calm');
  }

  leave(serialNumbers: string[]): Promise<number> {
    return this.call('leave', { serialNumbers });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await this.call('stop').catch(() => undefined);
    this.child.kill('SIGKILL');
  }
}
