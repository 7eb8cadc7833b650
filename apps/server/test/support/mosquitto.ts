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
  stop(): Promise<void>;
}

/** A Mosquitto of the test's own, on a free port, with `config` lines after its listener. */
export async function startMosquitto(config: string[]): Promise<TestBroker> {
  if (!MOSQUITTO) throw new Error('mosquitto is not installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'ed-mosquitto-'));
  const port = await freePort();
  const file = path.join(dir, 'mosquitto.conf');
  await writeFile(file, [`listener ${port} 127.0.0.1`, 'persistence false', ...config, ''].join('\n'));
  const broker: ChildProcess = spawn(MOSQUITTO, ['-c', file], { stdio: 'ignore' });
  const deadline = Date.now() + 5_000;
  while (!(await listening(port))) {
    if (broker.exitCode !== null || Date.now() > deadline) throw new Error(`mosquitto did not start (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      if (broker.exitCode === null) {
        const exited = new Promise((resolve) => broker.once('exit', resolve));
        broker.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
