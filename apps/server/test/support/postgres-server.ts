import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** The PostgreSQL programs (initdb, pg_ctl) of this machine, or undefined when none is installed. */
export const POSTGRES_BIN = [process.env.POSTGRES_BIN, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin']
  .filter((dir): dir is string => Boolean(dir))
  .find((dir) => existsSync(path.join(dir, 'pg_ctl')));

/** PostgreSQL refuses to run as root: as root the programs run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface TestPostgres {
  port: number;
  /** The URL of `database` (default: the `postgres` database) as the superuser, without a password. */
  url(database?: string): string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** The rows of one statement on `database`, for what a test checks behind the API. */
  query<T>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** `fast` is a planned stop, `immediate` a crash: no checkpoint, recovery at the next start. */
  stop(mode?: StopMode): Promise<void>;
  /** SIGSTOP: the port still accepts connections, but nothing answers them (a hung server). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL of the test's own, in a temporary directory on a free loopback port, for tests
 * that stop, crash or hang it. Durability settings are off: nothing here survives the test.
 */
export async function startPostgres(): Promise<TestPostgres> {
  if (!POSTGRES_BIN) throw new Error('PostgreSQL is not installed (set POSTGRES_BIN to its bin directory)');
  const bin = (name: string) => path.join(POSTGRES_BIN, name);
  const user = runAs();
  const dir = await mkdtemp(path.join(tmpdir(), 'ed-postgres-'));
  if (user) await chown(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => run(bin('pg_ctl'), ['-D', data, ...args], { ...user, cwd: dir });
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  let running = false;
  let paused = false;

  const postmasterPid = async () => Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const signal = async (name: NodeJS.Signals) => process.kill(await postmasterPid(), name);
  const server: TestPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: async (name) => {
      await server.query('postgres', `create database ${name}`);
      return server.url(name);
    },
    query: async <T>(database: string, text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: server.url(database) });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    start: async () => {
      await pgCtl('start', '-w', '-t', '60', '-l', path.join(dir, 'postgres.log'), '-o', options);
      running = true;
    },
    stop: async (mode = 'fast') => {
      if (paused) await server.resume();
      await pgCtl('stop', '-w', '-t', '60', '-m', mode);
      running = false;
    },
    pause: async () => {
      await signal('SIGSTOP');
      paused = true;
    },
    resume: async () => {
      await signal('SIGCONT');
      paused = false;
    },
    dispose: async () => {
      if (running) await server.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await run(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      ...user,
      cwd: dir,
    });
    await server.start();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return server;
}
