#!/usr/bin/env node
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RELEASE_METADATA_FILE, releaseMetadataSchema, rootMetadataSchema } from '@ed/contract/release-metadata';
import { keygen, makeRoot, signRoot } from './cli-keys.js';
import { expiryOf, readJson, UsageError } from './cli-files.js';
import { canonicalBytes } from './canonical-json.js';
import { describePackage } from './package-folder.js';
import { loadPrivateKey } from './keys.js';
import { signEnvelope } from './sign.js';
import { checkFiles, describeVerification, TrustError, verifyRelease } from './verify.js';

export const USAGE = `Usage: ed-release <command> [options]   (npm run release:<command> -- [options])

  keygen --name NAME [--out DIR] [--expires YYYY-MM-DD]
      A new Ed25519 key: DIR/NAME.private.pem (keep it offline) and DIR/NAME.public.json.
      DIR defaults to ./release-keys; the key expires in a year unless told.
  root --out root.json --root-key PUB.json... --root-threshold N --release-key PUB.json...
       --release-threshold N --expires YYYY-MM-DD [--previous old-root.json] --sign PRIVATE.pem...
      A release root (version 1, or the previous one's + 1), signed by the given keys. A rotation
      needs signatures of the previous root's root keys and of the new ones.
  root --add-signature root.json --sign PRIVATE.pem...
      Adds signatures to a root made on another machine.
  sign FOLDER --key PRIVATE.pem... [--expires YYYY-MM-DD]
      Writes FOLDER/${RELEASE_METADATA_FILE}: every file with its size and SHA-256, signed. Run again
      with another key on the unchanged folder to add that key's signature. Default expiry: 180 days.
  verify FOLDER --root root.json
      Checks FOLDER/${RELEASE_METADATA_FILE} against the root and the folder's files.`;

async function signFolder(argv: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { key: { type: 'string', multiple: true }, expires: { type: 'string' } },
  });
  const folder = positionals[0];
  if (!folder || !values.key?.length) throw new UsageError('sign needs a package folder and at least one --key');
  const keys = await Promise.all(values.key.map(async (file) => loadPrivateKey(await readFile(file, 'utf8'))));
  const body = await describePackage(folder);
  const target = path.join(folder, RELEASE_METADATA_FILE);
  const before = await readJson(target, releaseMetadataSchema).catch(() => null);
  const { _type: _t, expires: kept, ...signedBefore } = before?.signed ?? { _type: 'release', expires: '' };
  const unchanged = before !== null && canonicalBytes(signedBefore).equals(canonicalBytes(body));
  const expires = unchanged && values.expires === undefined ? kept : expiryOf(values.expires, 180).toISOString();
  const keep = unchanged && expires === kept ? before.signatures : [];
  if (before && keep.length === 0) say(`${RELEASE_METADATA_FILE} was signed for other contents or expiry: made anew.`);
  const envelope = signEnvelope({ _type: 'release' as const, ...body, expires }, keys, keep);
  await writeFile(target, `${JSON.stringify(envelope, null, 2)}\n`);
  const version = body.kind === 'software' ? `${body.family} ${body.version.semantic}` : `spec ${body.version.name}`;
  say(
    `Wrote ${target}: ${version}, ${body.files.length} files, expires ${expires.slice(0, 10)}, ` +
      `${envelope.signatures.length} signature(s).`,
  );
}

async function verifyFolder(argv: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { root: { type: 'string' } },
  });
  const folder = positionals[0];
  if (!folder || !values.root) throw new UsageError('verify needs a package folder and --root');
  const root = await readJson(values.root, rootMetadataSchema);
  const envelope: unknown = JSON.parse(
    await readFile(path.join(folder, RELEASE_METADATA_FILE), 'utf8').catch(() => 'null'),
  );
  if (envelope === null) throw new TrustError('unsigned', `${folder} has no ${RELEASE_METADATA_FILE}`);
  const { release, signedBy, expires } = verifyRelease(envelope, root, new Date());
  checkFiles(release, (await describePackage(folder)).files);
  say(describeVerification(signedBy, expires, release.files.length));
}

/** Runs one command; resolves to the exit code. Lines go to `say` and `complain`. */
export async function main(
  argv: string[],
  say: (line: string) => void = (l) => void process.stdout.write(`${l}\n`),
  complain: (line: string) => void = (l) => void process.stderr.write(`${l}\n`),
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'keygen') await keygen(rest, say);
    else if (command === 'root') await (rest.includes('--add-signature') ? signRoot(rest, say) : makeRoot(rest, say));
    else if (command === 'sign') await signFolder(rest, say);
    else if (command === 'verify') await verifyFolder(rest, say);
    else throw new UsageError(command ? `unknown command ${command}` : 'a command is needed');
    return 0;
  } catch (err) {
    if (err instanceof UsageError) complain(`${err.message}\n\n${USAGE}`);
    else if (err instanceof Error && (err.name !== 'Error' || 'code' in err)) complain(err.message);
    else throw err;
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
