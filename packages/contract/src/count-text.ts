/** "1 aligner", "3 aligners": a count with its noun, singular only for exactly one. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
