/** The request fields that name what a call acts on, most specific first. */
const TARGET_KEYS = [
  'serialNumber',
  'currentSerialNumber',
  'username',
  'id',
  'serviceName',
  'name',
  'targetName',
  'updatePath',
  'path',
] as const;
const MAX_TARGET_LENGTH = 200;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The target of a call, from its params, query or body; only these named fields are read, so a
 * password or token in the body never reaches the log.
 */
export function auditTarget(...sources: unknown[]): string | null {
  const records = sources.map(asRecord).filter((r): r is Record<string, unknown> => r !== undefined);
  for (const key of TARGET_KEYS) {
    for (const record of records) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_TARGET_LENGTH);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
  }
  return null;
}
