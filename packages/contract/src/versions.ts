import semver from 'semver';

/**
 * Parses a unit's semantic version leniently: units report plain "x.y.z",
 * but a missing patch or a build suffix must not hide a unit from every gate.
 */
export function parseVersion(version: string | null | undefined): semver.SemVer | null {
  if (!version) return null;
  return semver.valid(version) ? new semver.SemVer(version) : semver.coerce(version);
}

/** -1, 0 or 1; an unparsable version sorts before every real one. */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa && !pb) return 0;
  if (!pa) return -1;
  if (!pb) return 1;
  return semver.compare(pa, pb);
}

/** True when `version` is known and at or past `minimum`. */
export function atLeast(version: string | null | undefined, minimum: string): boolean {
  const parsed = parseVersion(version);
  return parsed !== null && semver.gte(parsed, minimum);
}

/** True when `version` is known and strictly below `other`. */
export function isOlder(version: string | null | undefined, other: string | null | undefined): boolean {
  return parseVersion(version) !== null && parseVersion(other) !== null && compareVersions(version, other) < 0;
}
