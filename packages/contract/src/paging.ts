import { z } from 'zod';

/** The last page a list answers: beyond it no list of this console has rows, and offsets stay small. */
const MAX_PAGE = 1_000_000;

/** The page of a list (1 first), as every list's query takes it: one rule, one set of messages. */
export const pageSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(MAX_PAGE, `page is at most ${MAX_PAGE}`)
  .default(1);
