#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { RELEASE_METADATA_FILE } from '@ed/contract/release-metadata';
import { InputError, UsageError, type Say } from './cli-files.js';
import { keygen } from './cli-keys.js';
import { signFolder, verifyFolder } from './cli-release.js';
import { makeRoot, signRoot } from './cli-root.js';
import { PackageError } from './package-folder.js';
import { TrustError } from './verify.js';

const USAGE = `Usage: ed-release <command> [options]   (from the repository: npm run release:<command> -- [options])

  keygen --name NAME [--out DIR] [--expires YYYY-MM-DD]
      A new Ed25519 key: DIR/NAME.private.pem (keep it offline) and DIR/NAME.public.json.
      DIR defaults to ./release-keys; the key expires in a year unless told.

  root --out root.json --root-key PUB.json... --root-threshold N
       --release-key PUB.json... --release-threshold N --expires YYYY-MM-DD
       [--previous old-root.json] --sign PRIVATE.pem...
      A root: which keys may sign roots and releases, and how many must. Version 1, or with
      --previous the next version, which needs signatures of the previous root's root keys and
      of its own; the command says which are still missing.

  root --add-signature root.json --sign PRIVATE.pem... [--previous old-root.json]
      Adds signatures to a root made on another machine.

  sign FOLDER --key PRIVATE.pem... [--expires YYYY-MM-DD]
      Writes FOLDER/${RELEASE_METADATA_FILE}: the manifest's version and every file with its size and
      SHA-256, signed. Another signer runs it on the unchanged folder to add their signature.
      The signature expires in 180 days unless told.

  verify FOLDER --root root.json
      Checks FOLDER/${RELEASE_METADATA_FILE} against the root, manifest.json and the folder's files.

  help
      This text.`;

const COMMANDS: Record<string, (argv: string[], say: Say) => Promise<void>> = {
  keygen,
  // `root --add-signature` signs a root that exists; plain `root` makes one.
  root: (argv, say) => (argv.some((a) => a.startsWith('--add-signature')) ? signRoot(argv, say) : makeRoot(argv, say)),
  sign: signFolder,
  verify: verifyFolder,
};

/** The errors that are about the user's input or files, not a fault of this program. */
const isExpected = (err: unknown): err is Error =>
  err instanceof UsageError ||
  err instanceof InputError ||
  err instanceof TrustError ||
  err instanceof PackageError ||
  // node:fs and node:crypto errors (a missing folder, a full disk, no permission) carry a code.
  (err instanceof Error && 'code' in err);

/**
 * Runs one command and resolves to the exit code: 0 done, 1 refused. Output goes to `say`,
 * the one-line reason for a refusal to `complain` (the tests pass their own; the bin uses the terminal).
 */
export async function main(
  argv: string[],
  say: Say = (line) => void process.stdout.write(`${line}\n`),
  complain: Say = (line) => void process.stderr.write(`${line}\n`),
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? complain : say)(USAGE);
    return command === undefined ? 1 : 0;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  try {
    if (!run) throw new UsageError(`unknown command ${command}`);
    await run(rest, say);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) complain(`${err.message} (ed-release help shows the commands)`);
    else if (isExpected(err)) complain(err.message);
    // Not the user's doing: still one line, with what the program was doing.
    else complain(`ed-release ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** Run as a program (the bin, possibly through npm's symlink), not imported by a test. */
const isEntry = () => {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
};

if (isEntry()) process.exitCode = await main(process.argv.slice(2));
