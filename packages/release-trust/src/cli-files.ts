import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

/** A mistake in how the command was called: the message and the usage are printed. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A JSON file checked against `schema`; the error names the file and the first problem. */
export async function readJson<S extends z.ZodType>(file: string, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new UsageError(`${file}: ${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
}

const DAY_MS = 86_400_000;

/** A date given as YYYY-MM-DD (the end of the previous day, UTC midnight), or `days` from now. */
export function expiryOf(value: string | undefined, days: number, now = new Date()): Date {
  if (value === undefined) return new Date(now.getTime() + days * DAY_MS);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires takes a date such as 2027-05-01, got ${value}`);
  if (date.getTime() <= now.getTime()) throw new UsageError(`--expires ${value} is not in the future`);
  return date;
}
