import { COMMAND_ROUTES } from '@ed/contract/commands';
import type { DeviceCommandName } from '@ed/contract/device-protocol';
import { FAMILIES, type Family } from '@ed/contract/families';
import { CONTROLS, unitRules, type UnitFacts } from '@ed/contract/permissions';
import { UNIT_RULE_TEXTS, reportedFacts } from '@ed/contract/unit-rule-texts';
import type { UnitState } from './run-context.js';

/** What the console's rules read of a unit's reports; the serial number's family when it reports none. */
function factsOf(state: UnitState, serialFamily: string | null): UnitFacts {
  const reported = FAMILIES.find((f) => f === state.family) ?? FAMILIES.find((f) => f === serialFamily);
  const version = state.version as { semantic?: unknown } | undefined;
  const features = (state.boardFeatures ?? {}) as { numCameras?: unknown; isDDAligner?: unknown };
  return {
    family: reported ?? ('aligner' satisfies Family),
    version: typeof version?.semantic === 'string' ? { semantic: version.semantic } : null,
    systemClass: typeof state.systemClass === 'string' ? state.systemClass : null,
    boardFeatures: {
      numCameras: typeof features.numCameras === 'number' ? features.numCameras : null,
      isDDAligner: typeof features.isDDAligner === 'boolean' ? features.isDDAligner : null,
    },
  };
}

/**
 * Why the console would never send command `name` to a unit that reports `state`, or null when
 * it would (docs/device-protocol.md, "Commands": which commands a unit is offered). The kit sends
 * a unit only what the console would: what a unit does with a command it is never sent is not
 * written anywhere.
 */
export function notOffered(name: DeviceCommandName, state: UnitState, serialFamily: string | null): string | null {
  const route = COMMAND_ROUTES.find((r) => r.command === name);
  const rule =
    route && 'control' in route ? (CONTROLS[route.control] as { unit?: keyof typeof unitRules }).unit : undefined;
  if (!rule) return null;
  const facts = factsOf(state, serialFamily);
  if (unitRules[rule](facts)) return null;
  return `not sent: the console offers it to no unit that reports ${reportedFacts(facts)}; ${UNIT_RULE_TEXTS[rule]}`;
}
