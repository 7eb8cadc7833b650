import type { Prng } from './prng.js';

/** How installs of one version go wrong: shares in [0, 1] of installs that fail or hang. */
export interface InstallOutcome {
  failRate?: number;
  hangRate?: number;
}

/**
 * Outcomes by version: an exact version ("5.4.0"), or a prefix ending in a dot ("5.4.") that
 * covers every version it starts; an exact key wins over a prefix, a longer prefix over a shorter.
 */
export type InstallOutcomes = Readonly<Record<string, InstallOutcome>>;

/** What one install will do; `atPercent` is where a failure or a hang stops its progress. */
export type InstallFate = { kind: 'complete' } | { kind: 'fail' | 'hang'; atPercent: number };

const VERSION_KEY = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;
const SETTINGS = { fail: 'failRate', hang: 'hangRate' } as const;

function checkRate(key: string, name: string, rate: number | undefined): number {
  if (rate === undefined) return 0;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError(`${key}: ${name} must be a number between 0 and 1, got ${String(rate)}`);
  }
  return rate;
}

/** A checked copy (so a caller's later edits change nothing); throws a RangeError naming what is wrong. */
export function checkInstallOutcomes(outcomes: InstallOutcomes): InstallOutcomes {
  const checked: Record<string, Required<InstallOutcome>> = {};
  for (const [key, outcome] of Object.entries(outcomes)) {
    if (!VERSION_KEY.test(key)) throw new RangeError(`"${key}" is not a version, or a prefix like 5.4.`);
    const failRate = checkRate(key, 'failRate', outcome.failRate);
    const hangRate = checkRate(key, 'hangRate', outcome.hangRate);
    // One roll decides both: more than 1 together would silently shrink the hang rate.
    if (failRate + hangRate > 1) throw new RangeError(`${key}: the fail and hang rates add up to more than 1`);
    checked[key] = { failRate, hangRate };
  }
  return checked;
}

/**
 * Parses the CLI's and SIM_INSTALL_OUTCOMES' form, `5.4.0:fail=0.2,hang=0.05;5.4.:fail=0.5`
 * (a missing rate is 0). Throws an Error naming the bad part.
 */
export function parseInstallOutcomes(text: string): InstallOutcomes {
  const outcomes: Record<string, InstallOutcome> = {};
  for (const entry of text.split(';').map((part) => part.trim())) {
    if (!entry) continue;
    const colon = entry.indexOf(':');
    if (colon < 0) throw new Error(`"${entry}" must be version:fail=F,hang=H`);
    const key = entry.slice(0, colon).trim();
    if (Object.hasOwn(outcomes, key)) throw new Error(`${key} is given twice`);
    const outcome: InstallOutcome = {};
    for (const setting of entry.slice(colon + 1).split(',')) {
      const [name = '', value = '', ...rest] = setting.split('=').map((part) => part.trim());
      const field = SETTINGS[name as keyof typeof SETTINGS] as keyof InstallOutcome | undefined;
      if (!field || rest.length > 0 || value === '') {
        throw new Error(`"${setting.trim()}" in ${key} must be fail=F or hang=H`);
      }
      if (field in outcome) throw new Error(`${name} is given twice for ${key}`);
      const rate = Number(value);
      if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
        throw new Error(`${key}: ${name} must be a number between 0 and 1, got ${value}`);
      }
      outcome[field] = rate;
    }
    outcomes[key] = outcome;
  }
  return checkInstallOutcomes(outcomes);
}

/** The outcome that applies to `version`, if any (see InstallOutcomes for which key wins). */
export function outcomeFor(outcomes: InstallOutcomes, version: string): InstallOutcome | undefined {
  if (Object.hasOwn(outcomes, version)) return outcomes[version];
  const prefixes = Object.keys(outcomes).filter((key) => key.endsWith('.') && version.startsWith(key));
  const longest = prefixes.sort((a, b) => b.length - a.length)[0];
  return longest === undefined ? undefined : outcomes[longest];
}

/** Decides each install's fate with the unit's own stream, so a seed replays the same failures. */
export class InstallFates {
  private outcomes: InstallOutcomes;

  constructor(
    private readonly prng: Prng,
    outcomes: InstallOutcomes = {},
  ) {
    this.outcomes = checkInstallOutcomes(outcomes);
  }

  set(outcomes: InstallOutcomes): void {
    this.outcomes = checkInstallOutcomes(outcomes);
  }

  decide(version: string): InstallFate {
    // Two draws per install whatever the table says: changing one version's rates leaves the
    // fates of the installs after it where they were.
    const roll = this.prng.next();
    const atPercent = this.prng.int(15, 85);
    const { failRate = 0, hangRate = 0 } = outcomeFor(this.outcomes, version) ?? {};
    if (roll < failRate) return { kind: 'fail', atPercent };
    if (roll < failRate + hangRate) return { kind: 'hang', atPercent };
    return { kind: 'complete' };
  }
}
