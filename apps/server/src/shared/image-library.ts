import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * The image library, loaded at its first use: it loads a native library of its own, and most
 * starts never touch an image before the first attachment, screen shot or flag (docs/benchmarks.md, "Start").
 */
export const loadSharp = (): Promise<typeof sharpModule> =>
  (loading ??= import('sharp').then((module) => module.default));
