// Builds the workspaces whose inputs changed since their last build, in dependency order; the rest
// are left as they are. `npm start` runs it, so a second start with nothing changed starts at
// once instead of rebuilding every package (`npm run build` still builds everything).
//
// A workspace's inputs are its files (outside node_modules and what builds and runs write), the
// lock file, the root TypeScript settings, the Node.js major version, and the inputs of the
// workspaces it depends on: a change to the contract rebuilds everything that uses it. The hash of
// the inputs is kept in the workspace's dist/.build-inputs after a build that succeeded.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders that builds, tests and runs write, never inputs of a build. */
const NOT_INPUTS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  '.reports',
  'coverage',
  '.ed-simulator',
  '.dev',
  '__pycache__',
  '.git',
]);
const STAMP = path.join('dist', '.build-inputs');
const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

/** Every input file below a folder, as sorted paths relative to it. */
function inputFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !NOT_INPUTS.has(entry.name) && !entry.name.endsWith('.tsbuildinfo'))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return inputFiles(full, base);
      return entry.isFile() ? [path.relative(base, full)] : [];
    })
    .sort();
}

/** The workspaces that have a build, each after the workspaces it depends on. */
function buildOrder(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const workspaces = new Map();
  for (const dir of manifest.workspaces ?? []) {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const uses = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    workspaces.set(pkg.name, { name: pkg.name, dir, build: Boolean(pkg.scripts?.build), uses });
  }
  const order = [];
  const visit = (name, trail) => {
    const ws = workspaces.get(name);
    if (!ws || order.includes(ws)) return;
    if (trail.includes(name)) throw new Error(`workspaces depend on each other: ${[...trail, name].join(' → ')}`);
    for (const used of ws.uses) visit(used, [...trail, name]);
    order.push(ws);
  };
  for (const name of workspaces.keys()) visit(name, []);
  return order.map((ws) => ({ ...ws, uses: ws.uses.filter((name) => workspaces.has(name)) }));
}

/** The hash of a workspace's inputs, given the hashes of the workspaces it uses. */
function inputsHash(root, workspace, hashes) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node.split('.')[0]}\n`);
  for (const file of ROOT_INPUTS) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(`${file}\n`).update(readFileSync(full));
  }
  for (const used of workspace.uses) hash.update(`uses ${used} ${hashes.get(used)}\n`);
  const dir = path.join(root, workspace.dir);
  for (const file of inputFiles(dir)) hash.update(`\n${file}\n`).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex');
}

/**
 * Builds what changed. `run(workspace)` builds one workspace and says whether it succeeded; a
 * failure stops the rest. Returns the names built and the names left as they were.
 */
export function buildChanged(root, run, log = (line) => process.stdout.write(`${line}\n`)) {
  const order = buildOrder(root);
  // Only what a build reads: the workspaces built and the ones they use (not the end-to-end tests).
  const needed = new Set();
  for (const workspace of [...order].reverse()) {
    if (workspace.build || needed.has(workspace.name)) {
      needed.add(workspace.name);
      for (const used of workspace.uses) needed.add(used);
    }
  }
  const hashes = new Map();
  const built = [];
  const kept = [];
  for (const workspace of order.filter((ws) => needed.has(ws.name))) {
    const hash = inputsHash(root, workspace, hashes);
    hashes.set(workspace.name, hash);
    if (!workspace.build) continue;
    const stamp = path.join(root, workspace.dir, STAMP);
    if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
      kept.push(workspace.name);
      continue;
    }
    log(`build: ${workspace.name} changed since its last build, building`);
    // Gone while it builds: a build that fails halfway is never taken for a finished one.
    rmSync(stamp, { force: true });
    if (!run(workspace)) throw new Error(`the build of ${workspace.name} failed`);
    writeFileSync(stamp, `${hash}\n`);
    built.push(workspace.name);
  }
  if (kept.length > 0) log(`build: up to date, not built again: ${kept.join(', ')}`);
  return { built, kept };
}

const npmBuild = (root) => (workspace) =>
  spawnSync('npm', ['run', 'build'], { cwd: path.join(root, workspace.dir), stdio: 'inherit', shell: false }).status ===
  0;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  try {
    buildChanged(root, npmBuild(root));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
