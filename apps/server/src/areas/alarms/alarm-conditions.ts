import { INSTALLING_STATES, INSTALL_FAILED_STATE, type AlarmCondition } from '@ed/contract/alarms';
import type { VoltageBoard } from '@ed/contract/device-protocol';
import { updateStateLabel } from '@ed/contract/equipment';

/** What a rule needs to know of a unit, read in one statement for a batch of units. */
export interface UnitFacts {
  equipmentId: number;
  serialNumber: string;
  connected: boolean;
  /** When it last connected or disconnected. */
  lastSeenOnlineAt: Date | null;
  updateState: string | null;
  updateStateAt: Date | null;
  specsExpiration: { month: number; year: number } | null;
  /** Usernames whose favorite it is, among the favorites rules' users. */
  favoriteOf: readonly string[];
  /** The live facts' fingerprint when read: a verdict is acted on only while it holds. */
  stamp?: string;
}

/** A rule's verdict on a unit: raise (with what to show), clear, or nothing to say yet. */
export type Verdict = { raise: string } | 'clear' | 'wait';

/** Time units of the conditions; tests shorten the hour as they shorten an elevation's minute. */
export interface ConditionClock {
  now: Date;
  hourMs: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const installing = (state: string | null) => (INSTALLING_STATES as readonly (string | null)[]).includes(state);

/** The first instant the specs no longer hold: they are valid through their month. */
export const specsExpireAt = (e: { month: number; year: number }): Date => new Date(Date.UTC(e.year, e.month, 1));

/** The month as one number (year * 12 + month - 1), the index `equipment_specs_expiration_idx` holds. */
export const monthIndexOf = (at: Date): number => at.getUTCFullYear() * 12 + at.getUTCMonth();

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A rule's condition on one unit's current facts. State-based: the same facts always give the
 * same verdict, so evaluating a unit twice (two instances, a retried batch) changes nothing.
 * "wait" means the condition may hold later without any event (a threshold of time not yet
 * crossed): the job's window finds the unit when it is.
 */
export function evaluate(condition: AlarmCondition, unit: UnitFacts, clock: ConditionClock): Verdict {
  const now = clock.now.getTime();
  switch (condition.kind) {
    case 'offline': {
      if (unit.connected || !unit.lastSeenOnlineAt) return 'clear';
      const since = unit.lastSeenOnlineAt.getTime();
      return now - since >= condition.hours * clock.hourMs
        ? { raise: `Offline since ${unit.lastSeenOnlineAt.toISOString()}` }
        : 'wait';
    }
    case 'install': {
      if (unit.updateState === INSTALL_FAILED_STATE) return { raise: 'Install Failed' };
      if (!installing(unit.updateState)) return 'clear';
      const since = unit.updateStateAt?.getTime() ?? now;
      const minutes = Math.floor((now - since) / MINUTE_MS);
      return now - since >= condition.hungMinutes * MINUTE_MS
        ? { raise: `${updateStateLabel(unit.updateState ?? '')} for ${minutes} min` }
        : 'wait';
    }
    case 'specsExpiring': {
      const e = unit.specsExpiration;
      if (!e) return 'clear';
      const at = specsExpireAt(e).getTime();
      if (at - now > condition.days * DAY_MS) return 'clear';
      const month = `${pad(e.month)}/${e.year}`;
      return { raise: at <= now ? `Specs expired ${month}` : `Specs expire ${month}` };
    }
    case 'favorites': {
      if (!unit.favoriteOf.includes(condition.username)) return 'clear';
      if (!unit.connected) return { raise: `Favorite of ${condition.username} went offline` };
      if (unit.updateState === INSTALL_FAILED_STATE)
        return { raise: `Favorite of ${condition.username}: Install Failed` };
      return 'clear';
    }
    case 'voltage':
      // Judged on each report as it comes (voltageVerdict); a unit's other changes say nothing.
      return 'wait';
  }
}

/** The voltage rule on a report just stored: any parameter outside its Min..Max raises. */
export function voltageVerdict(voltages: readonly VoltageBoard[]): Verdict {
  const out = voltages.flatMap((board) =>
    board.Parameters.filter((p) => p.Actual < p.Min || p.Actual > p.Max).map(
      (p) => `${board.BoardName} ${p.Name} ${p.Actual} (${p.Min}..${p.Max})`,
    ),
  );
  if (out.length === 0) return 'clear';
  const shown = out.slice(0, 3).join('; ');
  return { raise: out.length > 3 ? `${shown}; and ${out.length - 3} more` : shown };
}
