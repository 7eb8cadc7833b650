import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated, empty embedded database, made once by `npm run build` (beside dist/), so a first
 * start copies it instead of running initdb and every migration (docs/benchmarks.md, "Start").
 * Migrations still run at every start; on the copy they find nothing to do.
 */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('../pglite-template', import.meta.url));

/** Files copied at once: enough to keep the disk busy, few enough to stay under the open-files limit. */
const PARALLEL_COPIES = 64;

/** True when `dir` holds no database yet (a first start). */
export const isEmptyDataDir = (dir: string): boolean => !existsSync(path.join(dir, 'PG_VERSION'));

export const hasTemplate = (): boolean => !isEmptyDataDir(PGLITE_TEMPLATE);

/**
 * Puts the template in place of the empty directory `target`, through a copy beside it and a
 * rename, so a start cut off halfway leaves no half database behind. Returns false, and touches
 * nothing, when `target` holds files of its own.
 */
export async function installTemplate(target: string, template = PGLITE_TEMPLATE): Promise<boolean> {
  if ((await readdir(target)).length > 0) return false;
  const staging = `${target}.template-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await copyTemplate(staging, template);
  await rmdir(target);
  await rename(staging, target);
  return true;
}

/**
 * Copies the template into `target`, a few dozen files at a time (about 80 ms for its 1,300
 * files; PGlite restoring a dump of it takes over a second, as initdb does two).
 */
async function copyTemplate(target: string, template = PGLITE_TEMPLATE): Promise<void> {
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const into = (entry: { parentPath: string; name: string }) =>
    path.join(target, path.relative(template, path.join(entry.parentPath, entry.name)));
  await mkdir(target, { recursive: true });
  for (const dir of entries
    .filter((e) => e.isDirectory())
    .map(into)
    .sort())
    await mkdir(dir, { recursive: true });
  const files = entries.filter((e) => e.isFile());
  for (let i = 0; i < files.length; i += PARALLEL_COPIES) {
    await Promise.all(
      files.slice(i, i + PARALLEL_COPIES).map((e) => copyFile(path.join(e.parentPath, e.name), into(e))),
    );
  }
}
