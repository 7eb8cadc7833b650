import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions the migrations use, for every PGlite the server or its tests create. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;
