import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import utc from 'dayjs/plugin/utc';
import { DATE_TIME_FORMAT, UNIT_LOCAL_TIME_FORMAT, type LOG_LEVELS } from '@ed/contract/constants';
import type { Equipment } from '@ed/contract/equipment';
import { isOlder } from '@ed/contract/versions';

dayjs.extend(utc);
dayjs.extend(advancedFormat);

export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the equipment detail and the radar cards write a unit's facts (part 1 §2). */
const DISCONNECTED = 'disconnected';
export const UNKNOWN = 'unknown';

/** The server stores IPv4 addresses IPv6-mapped; part 1 §2 drops the 7-character `::ffff:` prefix. */
const MAPPED_PREFIX = '::ffff:';

/**
 * The unit's own address: the first of the comma-separated hops, minus its first 7 characters.
 * A native IPv6 address has no such prefix, so it is shown whole rather than cut.
 */
export function addressText(address: string | null): string {
  const first = (address ?? '').split(',')[0]!.trim();
  if (!first) return UNKNOWN;
  return first.toLowerCase().startsWith(MAPPED_PREFIX) ? first.slice(MAPPED_PREFIX.length) : first;
}

type ConnectionFacts = Pick<Equipment, 'connected' | 'port' | 'address' | 'currentProcedure'>;

/** Port, address and procedure mean nothing for a unit that is not connected. */
export function connectionTexts(unit: ConnectionFacts): { port: string; address: string; procedure: string } {
  if (!unit.connected) return { port: DISCONNECTED, address: DISCONNECTED, procedure: DISCONNECTED };
  return {
    port: unit.port === null ? UNKNOWN : String(unit.port),
    address: addressText(unit.address),
    procedure: unit.currentProcedure ?? 'none',
  };
}

export const yesNo = (value: boolean): string => (value ? 'YES' : 'NO');

/** A time from the server in the viewer's zone (part 1 §9). */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format(DATE_TIME_FORMAT);
}

/** The unit's wall-clock time: now shifted by its zone's offset in minutes east of UTC. */
export function unitLocalTime(offsetMinutes: number | null | undefined, now: Date = new Date()): string {
  if (offsetMinutes === null || offsetMinutes === undefined) return UNKNOWN;
  return dayjs(now).utc().add(offsetMinutes, 'minute').format(UNIT_LOCAL_TIME_FORMAT);
}

/** An offset in minutes as people read it, e.g. UTC+05:30. */
export function offsetText(offsetMinutes: number | null | undefined): string {
  if (offsetMinutes === null || offsetMinutes === undefined) return UNKNOWN;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Specs expiration and the like: month/year, or unknown. */
export function monthYearText(value: { month: number; year: number } | null): string {
  return value ? `${value.month}/${value.year}` : UNKNOWN;
}

/** current: at or past the family's latest; older: below it; unknown: no latest published yet. */
export type VersionStatus = 'current' | 'older' | 'unknown';

export function versionStatus(version: string | null | undefined, latest: string | null | undefined): VersionStatus {
  if (!version || !latest) return 'unknown';
  return isOlder(version, latest) ? 'older' : 'current';
}

/** Part 1 §4: WARN reads RAISE LOG LEVEL and sends INFO; anything else reads LOWER LOG LEVEL and sends WARN. */
export function logLevelToggle(level: LogLevel | null): { label: string; send: LogLevel } {
  return level === 'WARN' ? { label: 'RAISE LOG LEVEL', send: 'INFO' } : { label: 'LOWER LOG LEVEL', send: 'WARN' };
}
