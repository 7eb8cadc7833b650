/**
 * The folders of the store. The disk back end's root is DATA_DIR, which also holds the embedded
 * database and, by default, the operator's UPDATES_DIR: the sweep walks only these folders.
 */
export const KEY_SPACES = ['attachments', 'screenshots', 'outbox', 'packages'] as const;
export type KeySpace = (typeof KEY_SPACES)[number];

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_DEPTH = 4;

/** A temporary file of the disk back end: a dot name ending in .tmp, never a key. */
export const isTempName = (name: string): boolean => name.endsWith('.tmp');

/**
 * `<space>/<segment>[/<segment>…]`: plain names only, so a key is also a safe relative path and
 * never names a temporary file.
 */
export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  if (segments.length < 2 || segments.length > MAX_DEPTH) return false;
  if (!(KEY_SPACES as readonly string[]).includes(segments[0]!)) return false;
  return segments.slice(1).every((s) => SEGMENT.test(s) && !isTempName(s));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Not a file-store key: ${JSON.stringify(key)}`);
}

/** Orders slash-separated paths as a depth-first walk with sorted folders visits them. */
export function compareKeys(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}
