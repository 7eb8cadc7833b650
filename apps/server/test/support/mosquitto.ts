import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => existsSync(file));
/** mosquitto_passwd, which writes a broker's password file; packaged with the broker. */
export const MOSQUITTO_PASSWD = ['/usr/bin/mosquitto_passwd', '/usr/sbin/mosquitto_passwd'].find((file) =>
  existsSync(file),
);

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

/**
 * A Mosquitto that lets in only these accounts (user name → password), from a password_file made
 * with mosquitto_passwd, and refuses every client without credentials.
 */
export async function startClosedMosquitto(accounts: Record<string, string>): Promise<TestBroker> {
  if (!MOSQUITTO_PASSWD) throw new Error('mosquitto_passwd is not installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'ed-mosquitto-passwords-'));
  const file = path.join(dir, 'passwords');
  try {
    for (const [i, [username, password]] of Object.entries(accounts).entries()) {
      await promisify(execFile)(MOSQUITTO_PASSWD, [...(i === 0 ? ['-c'] : []), '-b', file, username, password]);
    }
    // Started as root, Mosquitto reads the file as its own user: a test's throwaway hashes may be read.
    await chmod(dir, 0o755);
    await chmod(file, 0o644);
    const broker = await startMosquitto(['allow_anonymous false', `password_file ${file}`]);
    return {
      ...broker,
      stop: async () => {
        await broker.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
