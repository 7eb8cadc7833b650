import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { loadPrivateKey } from './keys.js';

/** A mistake in how the command was called: printed as one line, with a pointer to the help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A file given to the command that is missing or not what it should be: printed as one line. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** What a command prints: one line at a time, so tests collect them and the terminal shows them. */
export type Say = (line: string) => void;

/** node:util's parseArgs, its refusals (an unknown option, a missing value) as UsageErrors. */
export function options<T extends ParseArgsConfig>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError(`${command}: ${(err as Error).message.split('\n')[0] ?? 'bad options'}`);
  }
}

/** A JSON file checked against `schema`; the error names the file, what it should be and the first problem. */
export async function readJson<S extends z.ZodType>(file: string, schema: S, what: string): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${file} does not exist` : `${file}: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new InputError(`${file} is not ${what} (${at}${issue?.message ?? 'not valid'})`);
  }
  return parsed.data;
}

/** A private key file; anything but an Ed25519 key in PEM is refused with the file's name. */
export async function readPrivateKey(file: string): Promise<KeyObject> {
  const pem = await readFile(file, 'utf8').catch(() => {
    throw new InputError(`${file} cannot be read`);
  });
  try {
    return loadPrivateKey(pem);
  } catch {
    throw new InputError(`${file} is not an Ed25519 private key (the .private.pem that keygen writes)`);
  }
}

/** How a key file is named in messages: release-ops for release-keys/release-ops.private.pem. */
export const keyFileName = (file: string) => path.basename(file).replace(/\.private\.pem$/, '');

const DAY_MS = 86_400_000;

/** A date given as YYYY-MM-DD (its first moment, UTC), or `days` from now; never one already past. */
export function expiryOf(value: string | undefined, days: number, now = new Date()): Date {
  if (value === undefined) return new Date(now.getTime() + days * DAY_MS);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN);
  // Date rolls 2027-02-30 over into March; such a date is a typing mistake, not a wish.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--expires takes a date such as 2027-05-01, got ${value}`);
  }
  if (date.getTime() <= now.getTime()) throw new UsageError(`--expires ${value} is not in the future`);
  return date;
}

/** The day of an ISO time, as messages show expiry dates. */
export const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** "1 file", "3 files". */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
