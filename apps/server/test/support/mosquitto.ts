import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => existsSync(file));

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export interface TestBroker {
  url: string;
  port: number;
  /** Stops the broker (SIGTERM, as a service manager does) and keeps its files, for `up`. */
  down(): Promise<void>;
  /** Starts it again on the same port with the same configuration (and persisted messages). */
  up(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of the test's own, on a free port, with `config` lines after its listener.
 * `persistent`: retained messages are saved at a stop and restored at the next start, as
 * docs/scale-out.md recommends for production.
 */
export async function startMosquitto(config: string[], { persistent = false } = {}): Promise<TestBroker> {
  if (!MOSQUITTO) throw new Error('mosquitto is not installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'ed-mosquitto-'));
  const port = await freePort();
  const file = path.join(dir, 'mosquitto.conf');
  const persistence = persistent ? ['persistence true', `persistence_location ${dir}/`] : ['persistence false'];
  await writeFile(file, [`listener ${port} 127.0.0.1`, ...persistence, ...config, ''].join('\n'));
  let broker: ChildProcess | undefined;

  const up = async () => {
    const started = spawn(MOSQUITTO, ['-c', file], { stdio: 'ignore' });
    broker = started;
    const deadline = Date.now() + 5_000;
    while (!(await listening(port))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`mosquitto did not start (${file})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const down = async () => {
    const running = broker;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await up();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    down,
    up,
    stop: async () => {
      await down();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
