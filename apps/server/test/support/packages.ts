import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes a small package (manifest, image and its checksum) under `root/dir`. */
export async function writePackage(
  root: string,
  dir: string,
  options: { semantic: string; family?: string; bytes?: number },
): Promise<string> {
  const folder = path.join(root, dir);
  await mkdir(folder, { recursive: true });
  const family = options.family ?? 'aligner';
  const image = `${family}-${options.semantic}.swu`;
  const body = Buffer.alloc(options.bytes ?? 4096, options.semantic);
  const { createHash } = await import('node:crypto');
  await writeFile(path.join(folder, image), body);
  await writeFile(
    path.join(folder, `${image}.sha256`),
    `${createHash('sha256').update(body).digest('hex')}  ${image}\n`,
  );
  await writeFile(
    path.join(folder, 'manifest.json'),
    JSON.stringify({
      version: { semantic: options.semantic, meta: `meta-${options.semantic}` },
      prerequisites: { require: null },
      family,
      files: [image, `${image}.sha256`],
    }),
  );
  return folder;
}
