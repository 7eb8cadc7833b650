import { escapeControlCharacters, truncate } from '../../shared/control-characters.js';

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
/** Usernames are at most 64 characters; a claimed one (sign-in) may be anything the caller sent. */
const MAX_USERNAME_LENGTH = 200;
/** A method and a route pattern; longer only for a path no route matched. */
const MAX_ACTION_LENGTH = 300;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * Text from the request as an audit row holds it: control characters written out (PostgreSQL
 * refuses NUL in text, so one NUL used to make the row fail while the call itself went through),
 * lone surrogates replaced, and a bound on the length (the btree indexes on these columns refuse
 * a row past a few kilobytes, which a claimed username of a megabyte would be).
 */
function auditText(value: string, max: number): string {
  return truncate(escapeControlCharacters(value.trim()), max);
}

export const auditUsername = (value: string | null | undefined): string | null =>
  value ? auditText(value, MAX_USERNAME_LENGTH) : null;

export const auditTargetText = (value: string | null | undefined): string | null =>
  value?.trim() ? auditText(value, MAX_TARGET_LENGTH) : null;

export const auditAction = (value: string): string => auditText(value, MAX_ACTION_LENGTH);

/**
 * The target of a call, from its params, query or body; only these named fields are read, so a
 * password or token in the body never reaches the log. The caller passes only the parts the route
 * declares (and so validated): an undeclared query parameter must not choose what the row names.
 */
export function auditTarget(...sources: unknown[]): string | null {
  const records = sources.map(asRecord).filter((r): r is Record<string, unknown> => r !== undefined);
  for (const key of TARGET_KEYS) {
    for (const record of records) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return auditTargetText(value);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
  }
  return null;
}

/**
 * Who acted in a unit's own call (/device/…): the unit, by the serial number it gave in the body
 * or as its HTTP Basic user. A person reading the log sees "unit A1B2C3D4", not a blank.
 */
export function deviceActor(route: string, body: unknown, authorization: string | undefined): string | null {
  if (!route.startsWith('/device/')) return null;
  const given = (body as { serialNumber?: unknown } | null | undefined)?.serialNumber;
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const user = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined;
  const serial = typeof given === 'string' && given.trim() ? given : user;
  return serial?.trim() ? `unit ${serial.trim().toUpperCase()}` : 'a unit';
}
