import {
  CONTROLS,
  hasPermission,
  mayUseControl,
  type Control,
  type ControlRule,
  type UnitFacts,
} from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';

/**
 * hidden: the role may never use the control, so showing it would only tease;
 * disabled: the role may, but this unit does not support it (its version, boards or class);
 * enabled: both hold. The server answers 403 for the same rules.
 */
export type ControlState = 'hidden' | 'disabled' | 'enabled';

export function controlState(role: Role, control: Control, unit: UnitFacts): ControlState {
  const rule: ControlRule = CONTROLS[control];
  if (rule.permission && !hasPermission(role, rule.permission)) return 'hidden';
  return mayUseControl(role, control, unit) ? 'enabled' : 'disabled';
}
