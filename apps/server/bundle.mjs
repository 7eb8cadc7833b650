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

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const outdir = path.join(dist, 'bundle');
const entry = path.join(dist, 'main.js');
const bundle = path.join(outdir, 'server.cjs');
const LOADER = '// Runs the bundle of the compiled server (apps/server/bundle.mjs).\n';

/**
 * Packages loaded from node_modules at run time, as files of their own: native addons, PGlite,
 * whose WebAssembly and extensions are found beside its code by the database's thread, and what
 * only an optional feature loads.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  '@node-rs/argon2',
  // The tracing SDK and exporter, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set: outside the
  // bundle they cost a start without tracing nothing (the API they share is bundled; OpenTelemetry
  // finds its one registration through a global, whichever copy asks).
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/resources',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
];

/**
 * Code that finds files beside itself keeps finding them: in the bundle, each module's
 * `import.meta.url` (the server's modules, the workspace packages) and `__dirname` and
 * `__filename` (CommonJS packages: the Swagger pages, pino's transports) name the file it was
 * bundled from, relative to the bundle. So migrations, the web app, the database template, the
 * database thread's entry, the assistant's articles and the packages' own files resolve as
 * they do unbundled.
 */
const originalPlace = {
  name: 'original-place',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const usesUrl = source.includes('import.meta.url');
      const usesDir = /\b__(dirname|filename)\b/.test(source);
      if (!usesUrl && !usesDir) return undefined;
      const url = `new URL(${JSON.stringify(path.relative(outdir, args.path).split(path.sep).join('/'))}, __bundleUrl)`;
      let contents = usesUrl ? source.replaceAll('import.meta.url', `${url}.href`) : source;
      if (usesDir) {
        const file = `require('node:url').fileURLToPath(${url})`;
        const place = `var __filename = ${file}, __dirname = require('node:path').dirname(__filename);\n`;
        // After a "use strict" directive, which must stay first to count.
        const prologue = /^(#!.*\n)?(\s*(['"])use strict\3;?)?/.exec(contents)?.[0] ?? '';
        contents = `${prologue}\n${place}${contents.slice(prologue.length)}`;
      }
      return { contents, loader: 'js' };
    });
  },
};

const compiled = await readFile(entry, 'utf8');
if (compiled.startsWith(LOADER)) throw new Error('dist/main.js already runs the bundle: run the compiler first.');

await rm(outdir, { recursive: true, force: true });
const built = await esbuild.build({
  entryPoints: [entry],
  outfile: bundle,
  bundle: true,
  // CommonJS, because V8's code cache is for scripts: Node.js 20 has none for ES modules. The
  // modules main.js imports dynamically (the server's, the simulator, nodemailer) still run only
  // when imported.
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of an external package becomes require(), which a script needs no loader for.
  supported: { 'dynamic-import': false },
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Names as written (errors, logs, plugin names), not as renamed where two modules share one.
  keepNames: true,
  // ASCII, with the rest escaped (below, the comments' too): bundle-loader.ts reads it without
  // decoding UTF-8.
  charset: 'ascii',
  write: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [originalPlace],
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
