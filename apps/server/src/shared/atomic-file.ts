import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes to a temporary name and renames, so a reader never sees half a file. */
export async function writeAtomically(dir: string, file: string, data: Buffer): Promise<void> {
  const target = path.join(dir, file);
  try {
    await writeFile(`${target}.tmp`, data);
    await rename(`${target}.tmp`, target);
  } catch (err) {
    await rm(`${target}.tmp`, { force: true });
    throw err;
  }
}

/** Removes files of `dir` by name; a file already gone is fine. */
export async function removeFiles(dir: string, files: string[]): Promise<void> {
  await Promise.all(files.map((f) => rm(path.join(dir, path.basename(f)), { force: true })));
}
