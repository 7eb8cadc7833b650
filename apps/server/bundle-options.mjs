// What the server's bundle is made of, shared by the build (bundle.mjs: the compiled server, with
// V8's code cache) and the dev loop (dev.mjs: the TypeScript sources, rebuilt on every save).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

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
 * they do unbundled. Bundled from TypeScript (the dev loop), a module names its .ts file.
 */
function originalPlace(outdir) {
  /** By file, what it was made into and when it was last changed: a rebuild reads only what changed. */
  const made = new Map();
  const place = async (file) => {
    const { mtimeMs } = await stat(file);
    const earlier = made.get(file);
    if (earlier?.mtimeMs === mtimeMs) return earlier.result;
    const result = await placed(file);
    made.set(file, { mtimeMs, result });
    return result;
  };
  const placed = async (file) => {
    const source = await readFile(file, 'utf8');
    const usesUrl = source.includes('import.meta.url');
    const usesDir = /\b__(dirname|filename)\b/.test(source);
    if (!usesUrl && !usesDir) return undefined;
    const url = `new URL(${JSON.stringify(path.relative(outdir, file).split(path.sep).join('/'))}, __bundleUrl)`;
    let contents = usesUrl ? source.replaceAll('import.meta.url', `${url}.href`) : source;
    if (usesDir) {
      const named = `require('node:url').fileURLToPath(${url})`;
      const names = `var __filename = ${named}, __dirname = require('node:path').dirname(__filename);\n`;
      // After a "use strict" directive, which must stay first to count.
      const prologue = /^(#!.*\n)?(\s*(['"])use strict\3;?)?/.exec(contents)?.[0] ?? '';
      contents = `${prologue}\n${names}${contents.slice(prologue.length)}`;
    }
    return { contents, loader: file.endsWith('.ts') ? 'ts' : 'js' };
  };
  return {
    name: 'original-place',
    setup(build) {
      build.onLoad({ filter: /\.([cm]?js|ts)$/ }, (args) => place(args.path));
    },
  };
}

/** esbuild's options for a bundle written to `outdir`: entry and output are the caller's. */
export function bundleOptions(outdir) {
  return {
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
    logLevel: 'warning',
    plugins: [originalPlace(outdir)],
  };
}
