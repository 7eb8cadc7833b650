import { z } from 'zod';

/**
 * Inputs in the shapes the specification's client sends, accepted beside this console's own.
 * The spec's shapes must never be refused; each helper turns them into the one shape the server uses.
 */

/** A query parameter sent empty (`?sortBy=&sortDesc=`, as a table without a sort does) counts as absent. */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * A software version: `{semantic, meta}` (part 1 §7, part 2 §3) or the semantic string alone
 * (part 1 §3's ticket payload). Either way it becomes `{semantic, meta}`.
 */
export const versionInput = (semantic: z.ZodType<string, string>, name = 'version') =>
  z.union(
    [
      semantic.transform((value) => ({ semantic: value, meta: null as string | null })),
      z.object({
        semantic,
        meta: z
          .string()
          .max(64)
          .nullish()
          .transform((v) => v ?? null),
      }),
    ],
    { error: `${name} must be a version like 5.2.0, alone or as {semantic, meta}` },
  );

/** A list of texts sent as a JSON list or as the dialog's comma-separated text. */
export const listOrCommaText = <T extends z.ZodType<unknown, string[]>>(list: T, name: string) =>
  z
    .union(
      [
        z.array(z.string()),
        z.string().transform((text) =>
          text
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
        ),
      ],
      { error: `${name} must be a list of texts or one comma-separated text` },
    )
    .pipe(list);

/**
 * A `sortBy` of a table: this console's key, or the record's field path the original table sent
 * for the column (`geolocation.country_code`, `version.semantic`). Empty means no sort.
 */
export const sortKeyInput = <const K extends readonly [string, ...string[]]>(
  keys: K,
  aliases: Readonly<Record<string, K[number]>> = {},
) =>
  // An enum of keys and aliases, so that /openapi.json lists what the server takes.
  emptyAsAbsent(
    z
      .enum([...keys, ...Object.keys(aliases)] as [string, ...string[]], {
        error: `sortBy must be one of ${keys.join(', ')}`,
      })
      .transform((given): K[number] => aliases[given] ?? (given as K[number])),
  );

/** A true/false query flag ('1' and '0' too); absent or empty means `fallback`. */
export const flagParam = (name: string, fallback = false) =>
  emptyAsAbsent(
    z
      .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
      .transform((v) => v === 'true' || v === '1'),
  ).transform((v) => v ?? fallback);

/**
 * A date in a body: a date and time (ISO 8601, with or without its offset), a day, or
 * milliseconds since 1970, as JSON carries a JavaScript date. Described as those forms in
 * /openapi.json (z.coerce.date() said nothing).
 */
export const dateInput = (message: string) =>
  z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date(), z.number()], { error: message })
    .transform((value) => new Date(value))
    .pipe(z.date({ error: message }));
