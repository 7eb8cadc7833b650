import type { HandlerRule } from '@ed/contract/http-api';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { forbidden } from './domain-error.js';

/**
 * The handlers' own role checks, each the rule its route declares (ApiRoute.handlerRules): the
 * permission is read from the declaration that /openapi.json publishes and the security tier
 * calls, so the check and its description cannot differ. No handler checks a permission otherwise
 * (test/security/handler-rules.test.ts holds the server's code to that).
 */
const passesRule = (role: Role, rule: HandlerRule): boolean => hasPermission(role, rule.permission);

/** 403 with `message` unless `role` is one of the rule's permission. */
export function enforceRule(role: Role, rule: HandlerRule, message: string): void {
  if (!passesRule(role, rule)) throw forbidden(message);
}
