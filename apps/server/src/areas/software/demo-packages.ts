import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Family } from '@ed/contract/families';
import { RELEASE_METADATA_FILE } from '@ed/contract/release-metadata';
import type { DemoSigner, ReleaseBody } from './demo-release-keys.js';

/**
 * Demo packages: for each family one release the demo fleet's newest units already run (published
 * at start, so the scheduler has work) and one newer release left for staff to publish.
 */
export const DEMO_PACKAGES: { family: Family; semantic: string; publish: boolean; megabytes: number }[] = [
  { family: 'aligner', semantic: '5.2.0', publish: true, megabytes: 3 },
  { family: 'aligner', semantic: '5.3.0', publish: false, megabytes: 4 },
  { family: 'gtps', semantic: '1.4.0', publish: true, megabytes: 2 },
  { family: 'gtps', semantic: '1.5.0', publish: false, megabytes: 3 },
  { family: 'aligner-oasis', semantic: '1.3.0', publish: true, megabytes: 2 },
  // The demo rollout's release (published by it; its simulated installs often fail).
  { family: 'aligner-oasis', semantic: '1.3.5', publish: false, megabytes: 2 },
  { family: 'aligner-oasis', semantic: '1.4.0', publish: false, megabytes: 3 },
];

export const demoPackagePath = (family: Family, semantic: string) => `demo/${family}-${semantic}`;

/**
 * Bytes that look like a compressed image and differ per package, without a random source: a
 * keystream of AES in counter mode keyed by the seed (hundreds of MB/s, where chaining SHA-256
 * took over a second for the demo's 21 MB at every first start).
 */
function payload(seed: string, bytes: number): Buffer {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(bytes));
}

/**
 * Instances sharing DATA_DIR may write the same package at the same moment: each writes its own
 * temporary file and renames it into place (the bytes are the same), so no one reads half a file.
 * The manifest comes last, and a package whose manifest exists is complete.
 */
async function put(folder: string, name: string, data: Buffer | string): Promise<void> {
  const temporary = path.join(folder, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, path.join(folder, name));
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** A package is complete once its manifest is there, and signed too when the demo signs. */
const complete = async (folder: string, signer: DemoSigner | undefined) =>
  (await exists(path.join(folder, 'manifest.json'))) &&
  (!signer || (await exists(path.join(folder, RELEASE_METADATA_FILE))));

type WithoutFiles = ReleaseBody extends infer R ? (R extends unknown ? Omit<R, 'files'> : never) : never;

const fileOf = (name: string, data: Buffer | string) => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

/**
 * Writes the package's files, its signed metadata (before the manifest, which says the package is
 * complete) and its manifest.
 */
async function writePackage(
  folder: string,
  files: [string, Buffer | string][],
  manifest: object,
  body: WithoutFiles,
  signer: DemoSigner | undefined,
): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const [name, data] of files) await put(folder, name, data);
  if (signer) {
    const release = signer.sign({ ...body, files: files.map(([name, data]) => fileOf(name, data)) });
    await put(folder, RELEASE_METADATA_FILE, `${JSON.stringify(release, null, 2)}\n`);
  }
  await put(folder, 'manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A spec package staff can publish from the Spec Updates screen. */
const DEMO_SPEC_PATH = 'demo/specs-2026-12';

async function writeDemoSpec(root: string, signer: DemoSigner | undefined): Promise<void> {
  const folder = path.join(root, DEMO_SPEC_PATH);
  if (await complete(folder, signer)) return;
  const version = { name: 'NA-2026-12', month: 12, year: 2026 };
  const prerequisites = { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '1.0.0' };
  const manifest = { version, prerequisites, files: ['specs.db'] };
  const files: [string, Buffer][] = [['specs.db', payload(DEMO_SPEC_PATH, 2 * 1024 * 1024)]];
  await writePackage(folder, files, manifest, { kind: 'spec', version, prerequisites }, signer);
}

/**
 * Writes the demo packages under `root` (skipping those already there), signed by the demo's
 * release keys when `signer` is given; returns their paths.
 */
export async function writeDemoPackages(root: string, signer?: DemoSigner): Promise<string[]> {
  await writeDemoSpec(root, signer);
  const paths: string[] = [DEMO_SPEC_PATH];
  for (const p of DEMO_PACKAGES) {
    const relative = demoPackagePath(p.family, p.semantic);
    const folder = path.join(root, relative);
    paths.push(relative);
    if (await complete(folder, signer)) continue;
    const image = `${p.family}-${p.semantic}.swu`;
    const body = payload(relative, p.megabytes * 1024 * 1024);
    const checksum = `${createHash('sha256').update(body).digest('hex')}  ${image}\n`;
    const version = { semantic: p.semantic, meta: `demo-${p.semantic}` };
    const prerequisites = { require: p.family === 'aligner' ? '4.0.0' : '1.0.0' };
    const manifest = { version, prerequisites, family: p.family, files: [image, `${image}.sha256`] };
    const files: [string, Buffer | string][] = [
      [image, body],
      [`${image}.sha256`, checksum],
    ];
    await writePackage(folder, files, manifest, { kind: 'software', family: p.family, version, prerequisites }, signer);
  }
  return paths;
}
