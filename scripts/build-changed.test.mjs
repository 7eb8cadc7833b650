import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChanged } from './build-changed.mjs';

let root;

/** A workspace of the temporary repository: its package.json and one source file. */
function workspace(dir, name, uses = {}, build = true) {
  mkdirSync(path.join(root, dir, 'src'), { recursive: true });
  const scripts = build ? { build: 'tsc' } : {};
  writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name, scripts, dependencies: uses }));
  writeFileSync(path.join(root, dir, 'src', 'index.ts'), `export const name = '${name}';\n`);
}

/** Builds as npm start would, a build writing its dist; returns the names built. */
function start(failing = '') {
  const { built } = buildChanged(
    root,
    (ws) => {
      mkdirSync(path.join(root, ws.dir, 'dist'), { recursive: true });
      return ws.name !== failing;
    },
    () => undefined,
  );
  return built;
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-changed-'));
  // Listed out of order: the dependencies decide.
  const workspaces = ['apps/web', 'apps/server', 'packages/contract', 'e2e'];
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ workspaces }));
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  workspace('packages/contract', '@ed/contract');
  workspace('apps/server', '@ed/server', { '@ed/contract': '2.0.0', fastify: '^5' });
  workspace('apps/web', '@ed/web', { '@ed/contract': '2.0.0' });
  workspace('e2e', '@ed/e2e', { '@ed/server': '2.0.0' }, false);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const edit = (file, text) => writeFileSync(path.join(root, file), text);

describe('npm start builds what changed', () => {
  it('builds everything the first time, each after what it uses (else as the workspaces list them), and nothing when nothing changed', () => {
    expect(start()).toEqual(['@ed/contract', '@ed/web', '@ed/server']);
    expect(start()).toEqual([]);
  });

  it('builds a changed workspace alone, and everything that uses a changed one', () => {
    start();
    edit('apps/web/src/index.ts', 'export const name = "web, changed";\n');
    expect(start()).toEqual(['@ed/web']);
    edit('packages/contract/src/index.ts', 'export const name = "contract, changed";\n');
    expect(start()).toEqual(['@ed/contract', '@ed/web', '@ed/server']);
    edit('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(start()).toEqual(['@ed/contract', '@ed/web', '@ed/server']);
  });

  it('ignores what builds and runs write, and builds again a workspace whose output is gone', () => {
    start();
    edit('apps/server/dist/server.js', 'built');
    mkdirSync(path.join(root, 'apps/server/data'));
    edit('apps/server/data/db', 'rows');
    expect(start()).toEqual([]);
    rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(start()).toEqual(['@ed/server']);
  });

  it('never takes a failed build for a finished one', () => {
    start();
    edit('apps/server/src/index.ts', 'export const broken = ;\n');
    expect(() => start('@ed/server')).toThrow('the build of @ed/server failed');
    expect(start()).toEqual(['@ed/server']);
  });
});
