import { serialNumberSchema } from '@ed/contract/device-protocol';

export interface ReadSerials {
  /** Valid serial numbers, upper-cased, each once, in the file's order. */
  serialNumbers: string[];
  /** What was neither a serial number nor the header, as written. */
  skipped: string[];
  /** The same serial number named again. */
  duplicates: number;
}

const isSerial = (text: string) => serialNumberSchema.safeParse(text).success;

/**
 * A CSV of serial numbers read in the browser: one per line, or several separated by commas or
 * semicolons, in quotes or not. A first entry that is not a serial number is taken for the header.
 */
export function parseSerials(text: string): ReadSerials {
  const entries = text
    .split(/[\r\n,;\t]+/)
    .map((entry) =>
      entry
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((entry) => entry !== '');
  const [first] = entries;
  const body = first !== undefined && !isSerial(first) ? entries.slice(1) : entries;
  const seen = new Set<string>();
  const skipped: string[] = [];
  let duplicates = 0;
  for (const entry of body) {
    const serial = entry.toUpperCase();
    if (!isSerial(serial)) skipped.push(entry);
    else if (seen.has(serial)) duplicates++;
    else seen.add(serial);
  }
  return { serialNumbers: [...seen], skipped, duplicates };
}

/** A chosen file's text (FileReader: Blob.text() is missing from older browsers and from jsdom). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
