import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { debuglog } from 'node:util';
import vm from 'node:vm';

const debug = debuglog('ed-bundle');

/**
 * Runs the server's bundle (one CommonJS file, made by bundle.mjs) with V8's code cache beside
 * it: a start deserializes what an earlier run compiled instead of compiling megabytes of
 * JavaScript again (docs/decisions.md, "Performance at fleet scale"). Without a cache, or with one
 * V8 refuses (another Node.js version, other V8 flags, another bundle), the bundle compiles as
 * usual and the cache is written when the process exits, with all that the run compiled.
 */
export function runBundle(file: string, cacheFile = `${file}.cache`): void {
  // The bundle is ASCII (bundle.mjs escapes the rest): read as such, without decoding UTF-8.
  const source = readFileSync(file, 'latin1');
  const cachedData = readCache(cacheFile);
  // The wrapper stays on the first line, so that line numbers in stack traces are the file's.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  debug('%s: code cache %s', file, used ? 'used' : cachedData ? 'refused' : 'absent');
  if (!used) process.once('exit', () => writeCache(script, cacheFile));
  const module = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
}

function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Beside the bundle, through a rename: instances exiting together each write a whole file. */
function writeCache(script: vm.Script, cacheFile: string): void {
  const temporary = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
    debug('%s written', cacheFile);
  } catch (err) {
    // A read-only installation compiles at every start, as without the cache.
    debug('%s not written: %s', cacheFile, String(err));
  }
}
