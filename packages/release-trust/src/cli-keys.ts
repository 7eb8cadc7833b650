import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  keyIdSchema,
  keyNameSchema,
  rootMetadataSchema,
  trustedKeySchema,
  type RoleName,
  type RootMetadata,
  type RootSigned,
} from '@ed/contract/release-metadata';
import { expiryOf, readJson, UsageError } from './cli-files.js';
import { generateKey, keyIdOf, loadPrivateKey } from './keys.js';
import { signEnvelope } from './sign.js';
import { countSignatures } from './verify.js';

const publicKeyFileSchema = trustedKeySchema.extend({ keyid: keyIdSchema });

export async function keygen(argv: string[], say: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { name: { type: 'string' }, out: { type: 'string' }, expires: { type: 'string' } },
  });
  const name = keyNameSchema.safeParse(values.name);
  if (!name.success)
    throw new UsageError(`--name ${values.name ?? ''} ${name.error.issues[0]?.message ?? 'is not a key name'}`);
  const dir = values.out ?? 'release-keys';
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const made = generateKey(name.data, expiryOf(values.expires, 365));
  const privateFile = path.join(dir, `${name.data}.private.pem`);
  const publicFile = path.join(dir, `${name.data}.public.json`);
  // wx: an existing key is never overwritten (a lost private key cannot be made again).
  await writeFile(privateFile, made.privateKeyPem, { mode: 0o600, flag: 'wx' }).catch((err: unknown) => {
    throw (err as NodeJS.ErrnoException).code === 'EEXIST'
      ? new UsageError(`${privateFile} exists already; choose another --name`)
      : err;
  });
  await writeFile(publicFile, `${JSON.stringify({ keyid: made.keyid, ...made.key }, null, 2)}\n`);
  say(`Wrote ${privateFile} (keep it offline: whoever has it signs releases) and ${publicFile}.`);
  say(`Key ${name.data}: id ${made.keyid}, expires ${made.key.expires.slice(0, 10)}.`);
}

const loadPublic = (files: string[]) => Promise.all(files.map((file) => readJson(file, publicKeyFileSchema)));
const loadPrivate = (files: string[]) =>
  Promise.all(files.map(async (file) => loadPrivateKey(await readFile(file, 'utf8'))));

function threshold(value: string | undefined, keys: number, role: RoleName): number {
  const n = z.coerce.number().int().min(1).max(keys).safeParse(value);
  if (!n.success)
    throw new UsageError(`--${role}-threshold must be a whole number from 1 to ${keys}, got ${value ?? 'nothing'}`);
  return n.data;
}

/** What is still missing for the root to be trusted: said after every signing. */
function report(root: RootMetadata, previous: RootMetadata | null, say: (line: string) => void): void {
  const now = new Date();
  for (const [label, by] of [
    ['its own', root.signed],
    ['the previous root’s', previous?.signed],
  ] as const) {
    if (!by) continue;
    const names = countSignatures(root.signed, root.signatures, by, 'root', now);
    const needed = by.roles.root.threshold;
    say(
      names.length >= needed
        ? `Signed by ${needed} of ${label} root keys (${names.join(', ')}).`
        : `Needs ${needed - names.length} more signature(s) of ${label} root keys (root --add-signature).`,
    );
  }
}

export async function makeRoot(argv: string[], say: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      'root-key': { type: 'string', multiple: true },
      'root-threshold': { type: 'string' },
      'release-key': { type: 'string', multiple: true },
      'release-threshold': { type: 'string' },
      expires: { type: 'string' },
      previous: { type: 'string' },
      sign: { type: 'string', multiple: true },
    },
  });
  if (!values.out || !values['root-key']?.length || !values['release-key']?.length || !values.sign?.length) {
    throw new UsageError('root needs --out, --root-key, --release-key and --sign');
  }
  const rootKeys = await loadPublic(values['root-key']);
  const releaseKeys = await loadPublic(values['release-key']);
  const previous = values.previous ? await readJson(values.previous, rootMetadataSchema) : null;
  const keys = Object.fromEntries(
    [...rootKeys, ...releaseKeys].map(({ keyid, ...key }) => {
      if (keyIdOf(key.public) !== keyid) throw new UsageError(`the key ${key.name} does not match its keyid`);
      return [keyid, key];
    }),
  );
  const signed: RootSigned = {
    _type: 'root',
    version: (previous?.signed.version ?? 0) + 1,
    expires: expiryOf(values.expires, 365).toISOString(),
    keys,
    roles: {
      root: {
        keyids: rootKeys.map((k) => k.keyid),
        threshold: threshold(values['root-threshold'], rootKeys.length, 'root'),
      },
      release: {
        keyids: releaseKeys.map((k) => k.keyid),
        threshold: threshold(values['release-threshold'], releaseKeys.length, 'release'),
      },
    },
  };
  const root = signEnvelope(signed, await loadPrivate(values.sign)) as RootMetadata;
  await writeFile(values.out, `${JSON.stringify(root, null, 2)}\n`);
  say(`Wrote ${values.out}: root version ${signed.version}, expires ${signed.expires.slice(0, 10)}.`);
  report(root, previous, say);
}

export async function signRoot(argv: string[], say: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'add-signature': { type: 'string' },
      sign: { type: 'string', multiple: true },
      previous: { type: 'string' },
    },
  });
  const file = values['add-signature'];
  if (!file || !values.sign?.length) throw new UsageError('root --add-signature needs the root file and --sign');
  const root = await readJson(file, rootMetadataSchema);
  const previous = values.previous ? await readJson(values.previous, rootMetadataSchema) : null;
  const signed = signEnvelope(root.signed, await loadPrivate(values.sign), root.signatures) as RootMetadata;
  await writeFile(file, `${JSON.stringify(signed, null, 2)}\n`);
  say(`Added ${values.sign.length} signature(s) to ${file}.`);
  report(signed, previous, say);
}
