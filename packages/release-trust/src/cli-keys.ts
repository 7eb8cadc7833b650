import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keyIdSchema, keyNameSchema, trustedKeySchema } from '@ed/contract/release-metadata';
import { dayOf, expiryOf, InputError, options, readJson, UsageError, type Say } from './cli-files.js';
import { generateKey, keyIdOf } from './keys.js';

/** What `keygen` writes beside the private key: the public half as a root lists it, with its id. */
const publicKeyFileSchema = trustedKeySchema
  .extend({ keyid: keyIdSchema })
  .refine((k) => keyIdOf(k.public) === k.keyid, {
    message: 'the keyid is not that of the public key',
    path: ['keyid'],
  });

/** Public key files, as `root --root-key/--release-key` take them. */
export const readPublicKeys = (files: string[]) =>
  Promise.all(files.map((file) => readJson(file, publicKeyFileSchema, 'a public key file (NAME.public.json)')));

/** `keygen --name NAME [--out DIR] [--expires YYYY-MM-DD]` */
export async function keygen(argv: string[], say: Say): Promise<void> {
  const { values } = options('keygen', {
    args: argv,
    options: {
      name: { type: 'string' },
      out: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  if (values.name === undefined) throw new UsageError('keygen needs --name, such as --name release-2026');
  const name = keyNameSchema.safeParse(values.name);
  if (!name.success) {
    throw new UsageError(`--name ${values.name} ${name.error.issues[0]?.message ?? 'is not a key name'}`);
  }
  const expires = expiryOf(values.expires, 365);
  const dir = values.out ?? 'release-keys';
  // Only the owner may list the folder of private keys, as only they may read the keys.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const made = generateKey(name.data, expires);
  const privateFile = path.join(dir, `${name.data}.private.pem`);
  const publicFile = path.join(dir, `${name.data}.public.json`);
  // wx: an existing key is never overwritten; a private key lost that way cannot be made again,
  // and the roots that list its public half would be left with a key nobody holds.
  await writeFile(privateFile, made.privateKeyPem, { mode: 0o600, flag: 'wx' }).catch((err: unknown) => {
    throw (err as NodeJS.ErrnoException).code === 'EEXIST'
      ? new InputError(`${privateFile} exists already: choose another --name or --out`)
      : err;
  });
  await writeFile(publicFile, `${JSON.stringify({ keyid: made.keyid, ...made.key }, null, 2)}\n`);
  say(`Wrote ${privateFile} (the private key, readable by you only) and ${publicFile} (the public key).`);
  say(`Key ${name.data}: id ${made.keyid}, expires ${dayOf(made.key.expires)}.`);
  say('Keep the private key on this offline machine (and a copy offline): whoever holds it signs in its name.');
}
