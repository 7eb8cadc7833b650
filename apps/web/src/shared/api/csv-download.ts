import { EXPORT_HEADERS } from '@ed/contract/csv-export';
import type { ApiRoute } from '@ed/contract/http-api';
import { buildUrl, failedResponse, send } from './http';

export interface CsvProgress {
  /** Rows received so far (lines, less the header: a quoted value with a line break counts twice). */
  rows: number;
  /** Rows the server sends. */
  total: number;
  /** Rows the filter matched, more than `total` when the export is capped. */
  matched: number;
}

const NEWLINE = 10;

/**
 * Downloads a list's export with the bearer (a link cannot send it), reading the stream as it
 * comes so progress can be shown; the file is saved once complete.
 */
export async function downloadCsv(
  route: ApiRoute,
  query: Record<string, string | number | boolean | undefined>,
  onProgress: (progress: CsvProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; progress: CsvProgress }> {
  const { response, sent } = await send(buildUrl(route.path, query), { signal });
  if (!response.ok || !response.body) throw await failedResponse(response, sent);
  const total = Number(response.headers.get(EXPORT_HEADERS.rows) ?? 0);
  const matched = Number(response.headers.get(EXPORT_HEADERS.matched) ?? total);
  const chunks: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    onProgress({ rows: Math.min(total, Math.max(0, lines - 1)), total, matched });
  }
  const progress = { rows: total, total, matched };
  return { blob: new Blob(chunks as BlobPart[], { type: 'text/csv' }), progress };
}

/** Saves a blob under a name, as the browser saves a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
