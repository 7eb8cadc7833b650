import { Writable } from 'node:stream';

/** The server's JSON log lines, from the logger's level up, for tests that check what an operator reads. */
export function logLines() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: (level: string) => ({ level, stream }) };
}
