import { storageFull } from '../domain-error.js';

/** The disk is full (ENOSPC) or the server's quota on it is spent (EDQUOT). */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

export const STORAGE_FULL =
  'The file store is full: the server has no space left on its disk for this file. Nothing was stored.';

/**
 * A write that failed for want of space, as the 507 the caller and the operator can act on (it
 * was a 500 that said nothing); any other error as it is.
 */
export function storageFullOr(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NO_SPACE.has(code) ? storageFull(STORAGE_FULL) : err;
}
