import { spawn } from 'node:child_process';

export interface Placeholders {
  url: string;
  serial: string;
  enrollmentKey: string;
}

/** The unit's command line with `{url}`, `{serial}` and `{enrollmentKey}` filled in. */
export function fillCommand(command: string, values: Placeholders): string {
  return command.replace(/\{(url|serial|enrollmentKey)\}/g, (_, name: keyof Placeholders) => values[name]);
}

export interface UnitProcess {
  readonly command: string;
  /** Its last lines of output, for the report. */
  output(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** Sends SIGTERM (the clean shutdown the kit checks); resolves true if it ended within `ms`. */
  terminate(ms: number): Promise<boolean>;
  /** Ends it for good (SIGKILL), whatever it is doing. */
  kill(): void;
}

const KEPT_OUTPUT = 16_000;

/** Units still running when the kit's process ends (Ctrl-C) are ended with it: they run in groups of their own. */
const running = new Set<() => void>();
process.once('exit', () => {
  for (const kill of running) kill();
});

/**
 * The unit under test, run through the shell in a process group of its own, so the signal
 * reaches the unit and not only a shell in front of it.
 */
export function startUnit(command: string, values: Placeholders): UnitProcess {
  const filled = fillCommand(command, values);
  const child = spawn(filled, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEPT_OUTPUT));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  // The whole group: a shell in front of the unit may have ended while the unit runs on.
  const signal = (name: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group is gone already.
    }
  };
  const kill = () => signal('SIGKILL');
  running.add(kill);
  void exited.then(() => running.delete(kill));
  return {
    command: filled,
    output: () => output,
    exited,
    running: () => !done,
    terminate: async (ms) => {
      signal('SIGTERM');
      const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));
      return Promise.race([exited.then(() => true), timer]);
    },
    kill,
  };
}
