import { z } from 'zod';

/**
 * Inputs as the web app's forms hold them, around the request schemas: a select starts with nothing
 * chosen (''), a cross-field rule speaks under one field. The request's own rule still decides.
 */

/**
 * `next` applied to what `first` gives, as zod's pipe does. Typed by hand: zod types a pipe by the
 * input its target declares, which a coercing schema (any input) or a generic one cannot match.
 */
export const piped = <A extends z.ZodType, B extends z.ZodType>(first: A, next: B) =>
  first.pipe(next as unknown as z.ZodType<z.output<B>, z.output<A>>);

/** A select that starts with nothing chosen: '' is refused with `message`, a choice goes to `schema`. */
export const chosen = <T extends z.ZodType>(schema: T, message: string) =>
  piped(
    z.custom<z.input<T> | ''>().refine((value) => value !== '', { error: message }),
    schema,
  );

/**
 * A rule across fields runs whatever else is still wrong, so that its sentence shows as soon as its
 * own fields are filled, not only once every other field is too (zod skips it otherwise).
 */
export const ACROSS_FIELDS = { when: () => true } as const;

/** A password rule's sentences as the one problem of the field at `path`, as the forms show them under it. */
export function addPasswordProblems(ctx: z.RefinementCtx, path: string, problems: readonly string[]): void {
  if (problems.length > 0) ctx.addIssue({ code: 'custom', path: [path], message: problems.join(' ') });
}
