import { parse } from 'csv-parse/sync';
import { SERIAL_CSV_MAX_ROWS, type SerialUploadReport } from '@ed/contract/messages';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import { badRequest, tooLarge } from '../../shared/domain-error.js';

/** A first row naming its column (e.g. "Serial Number") is a header, not a bad serial. */
const HEADER = /serial|number|^sn$/i;

/**
 * Reads serial numbers from the first column of a CSV: blank lines and a header row are skipped,
 * values the serial decoder refuses are reported with their line, duplicates are dropped.
 */
export function parseSerialCsv(content: Buffer | string): SerialUploadReport {
  // Each record with the line it was read on, collected as the parser reads them.
  const records: { record: string[]; line: number }[] = [];
  try {
    parse(content, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      trim: true,
      on_record: (record, { lines }) => {
        records.push({ record, line: lines });
        return record;
      },
      to: SERIAL_CSV_MAX_ROWS + 2,
    });
  } catch (err) {
    throw badRequest(`The file is not a readable CSV: ${(err as Error).message}`, 'file');
  }
  const seen = new Set<string>();
  const invalid: SerialUploadReport['invalid'] = [];
  let duplicates = 0;
  let header = 0;
  records.forEach(({ record, line }, index) => {
    const value = (record[0] ?? '').trim();
    const decoded = decodeSerialNumber(value);
    if (!decoded) {
      if (index === 0 && HEADER.test(value)) {
        header = 1;
        return;
      }
      invalid.push({ line, value: value.slice(0, 64) });
      return;
    }
    if (seen.has(decoded.serialNumber)) duplicates += 1;
    else seen.add(decoded.serialNumber);
  });
  if (records.length - header > SERIAL_CSV_MAX_ROWS) {
    throw tooLarge(`The file has more than ${SERIAL_CSV_MAX_ROWS} serial numbers; split it into smaller files.`);
  }
  return { serialNumbers: [...seen], invalid: invalid.slice(0, 100), duplicates };
}
