// npm run check:migrations: the committed migrations agree with the schemas they come from, and
// their history has no branches that drizzle-kit cannot order (two migrations from one parent).
// A schema changed without `npm run db:generate` fails here, not on a user's first start.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const APPS = [
  { app: 'apps/server', schema: 'src/db/schema.ts' },
  { app: 'apps/assistant', schema: 'src/schema.ts' },
];
const kit = (cwd, args) =>
  execFileSync(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

let failed = false;
for (const { app, schema } of APPS) {
  const cwd = path.join(root, app);
  kit(cwd, ['check']);
  // Generating into a copy of the folder must add nothing.
  const copy = mkdtempSync(path.join(tmpdir(), 'ed-migrations-'));
  try {
    cpSync(path.join(cwd, 'drizzle'), copy, { recursive: true });
    const before = readdirSync(copy).length;
    // drizzle-kit reads --out relative to its working directory, whatever it is given.
    const out = path.relative(cwd, copy);
    kit(cwd, ['generate', '--dialect', 'postgresql', '--schema', schema, '--out', out, '--name', 'unwritten']);
    const added = readdirSync(copy).filter((f) => f.endsWith('_unwritten.sql'));
    if (readdirSync(copy).length !== before || added.length > 0) {
      failed = true;
      console.error(`${app}: the schema has changes that no migration holds. Run: npm run db:generate -w ${app}`);
    } else console.log(`${app}: migrations agree with the schema, and their history is linear`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
