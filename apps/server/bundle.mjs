// Run by `npm run build` after the compiler: bundles the compiled server (dist/main.js and all it
// imports: the server's modules, the workspace packages and the pure-JavaScript dependencies)
// into one CommonJS file, dist/bundle/server.cjs, and makes dist/main.js run it with V8's code
// cache (src/bundle-loader.ts). A start then reads one file and deserializes its compiled code
// instead of resolving, reading and compiling some 1,500 small files
// (docs/decisions.md, "Performance at fleet scale"). The compiled files stay where they are:
// tests, tools and the embedded database's thread (db/embedded/pglite-host.js) use them.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const outdir = path.join(dist, 'bundle');
const entry = path.join(dist, 'main.js');
const bundle = path.join(outdir, 'server.cjs');
const LOADER = '// Runs the bundle of the compiled server (apps/server/bundle.mjs).\n';

const compiled = await readFile(entry, 'utf8');
if (compiled.startsWith(LOADER)) throw new Error('dist/main.js already runs the bundle: run the compiler first.');

await rm(outdir, { recursive: true, force: true });
const built = await esbuild.build({
  ...bundleOptions(outdir),
  entryPoints: [entry],
  outfile: bundle,
  // ASCII, with the rest escaped (below, the comments' too): bundle-loader.ts reads it without
  // decoding UTF-8.
  charset: 'ascii',
  write: false,
  legalComments: 'none',
});
const [output] = built.outputFiles;
await mkdir(outdir, { recursive: true });
await writeFile(
  bundle,
  output.text.replace(/[^\0-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`),
  'latin1',
);
await writeFile(
  entry,
  `${LOADER}import { fileURLToPath } from 'node:url';\nimport { runBundle } from './bundle-loader.js';\n` +
    `import { openEarly } from './db/embedded/early-thread.js';\n\n` +
    `// The embedded database opens in its thread while the bundle loads (db/embedded/early-thread.ts).\n` +
    `openEarly();\n` +
    `runBundle(fileURLToPath(new URL('./bundle/server.cjs', import.meta.url)));\n`,
);
