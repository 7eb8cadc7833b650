import type { z } from 'zod';

/**
 * zod's own wording ("Too big: expected string to have <=512 characters") is a developer's. These
 * are the sentences people read instead, beside the field in a form, or after the field's name in
 * the server's 400 ("Invalid body: path: At most 512 characters."). A schema's own message wins.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required.';
      return `Must be ${KIND_TEXT[issue.expected] ?? issue.expected}.`;
    case 'too_big':
      return `${issue.exact ? 'Exactly' : issue.inclusive === false ? 'Less than' : 'At most'} ${quantity(issue.origin, issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Required.';
      return `${issue.exact ? 'Exactly' : issue.inclusive === false ? 'More than' : 'At least'} ${quantity(issue.origin, issue.minimum)}.`;
    case 'invalid_format':
      return FORMAT_TEXT[issue.format];
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}.`
        : `Must be one of ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

const KIND_TEXT: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMAT_TEXT: Partial<Record<string, string>> = {
  email: 'Must be an e-mail address.',
  url: 'Must be a web address.',
  uuid: 'Must be a UUID.',
  datetime: 'Must be a date and time (ISO 8601, e.g. 2026-11-28T09:00:00Z).',
  date: 'Must be a date (YYYY-MM-DD).',
};

function quantity(origin: string, amount: number | bigint): string {
  const n = Number(amount);
  if (origin === 'string') return `${n} character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  if (origin === 'file') return `${n} bytes`;
  if (origin === 'date') return new Date(n).toISOString();
  return String(n);
}

/**
 * Makes the sentences above zod's wording for every schema of this process or page. zod keeps its
 * settings in `globalThis.__zod_globalConfig`, so this needs no import of zod (the sign-in page
 * loads none) and reaches every copy of it.
 */
export function installPlainZodMessages(): void {
  const holder = globalThis as { __zod_globalConfig?: { customError?: typeof plainMessage } };
  (holder.__zod_globalConfig ??= {}).customError = plainMessage;
}
