import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const LOADER = pathToFileURL(fileURLToPath(new URL('./bundle-loader.ts', import.meta.url))).href;

describe('the bundle loader', () => {
  let dir: string;
  let bundle: string;

  /** Runs `bundle` in a process of its own, as dist/main.js runs the server's. */
  const run = async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        TSX,
        '--input-type=module',
        '-e',
        `(await import(${JSON.stringify(LOADER)})).runBundle(${JSON.stringify(bundle)})`,
      ],
      { env: { PATH: process.env.PATH, NODE_DEBUG: 'ed-bundle' } },
    );
    return { stdout, cache: /code cache (\w+)/.exec(stderr)?.[1], written: stderr.includes('.cache written') };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-bundle-'));
    bundle = path.join(dir, 'server.cjs');
    // A CommonJS file with what a bundle uses of its wrapper, and a stack trace that names its own line.
    await writeFile(
      bundle,
      "const path = require('node:path');\n" +
        'module.exports.where = path.basename(__dirname) === path.basename(' +
        JSON.stringify(dir) +
        ');\n' +
        "process.stdout.write(`${path.basename(__filename)} ${module.exports.where} ${new Error().stack.split('\\n')[1].includes('server.cjs:3:')}`);\n",
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a bundle and writes its code cache when it exits', async () => {
    const first = await run();
    expect(first.stdout).toBe('server.cjs true true');
    expect(first.cache).toBe('absent');
    expect(first.written).toBe(true);
    expect(existsSync(`${bundle}.cache`)).toBe(true);
  });

  it('uses the cache at the next start and leaves it as it is', async () => {
    const next = await run();
    expect(next.stdout).toBe('server.cjs true true');
    expect(next.cache).toBe('used');
    expect(next.written).toBe(false);
  });

  it('runs the bundle when V8 refuses the cache, and replaces it', async () => {
    await writeFile(`${bundle}.cache`, 'not a code cache');
    const refused = await run();
    expect(refused.stdout).toBe('server.cjs true true');
    expect(refused.cache).toBe('refused');
    expect(refused.written).toBe(true);
    expect((await run()).cache).toBe('used');
  });
});
