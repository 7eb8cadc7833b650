import { createContext, useContext } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { z } from 'zod';

/** Each field's first problem by its path ('period.start'); empty when the schema accepts the values. */
export type FormIssues = ReadonlyMap<string, string>;

export function issuesOf(result: z.ZodSafeParseResult<unknown>): FormIssues {
  const issues = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
}

/** No problem in these fields, nor in what they hold ('period' covers 'period.start'). */
export const fieldsValid = (issues: FormIssues, fields: readonly string[]): boolean =>
  ![...issues.keys()].some((path) => fields.some((field) => path === field || path.startsWith(`${field}.`)));

export const FormIssuesContext = createContext<FormIssues>(new Map());

/**
 * The problem to show under a field: once it has been edited or a submit was tried, or at once for
 * a `live` field. A field still as it started says nothing; its disabled button says enough.
 */
export function useFieldProblem(name: string, live = false): string | undefined {
  const issues = useContext(FormIssuesContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  const shown = live || formState.isSubmitted || getFieldState(name, formState).isDirty;
  const problem = shown ? issues.get(name) : undefined;
  return problem === undefined ? undefined : besideField(name, problem);
}

/**
 * The contract's messages name their field for callers of the API ("serialNumber must be 8 or 9
 * letters or digits"); under the field itself, its label already says which, so the key goes:
 * "Must be 8 or 9 letters or digits".
 */
export function besideField(name: string, message: string): string {
  const key = name.split('.').at(-1) ?? name;
  for (const prefix of [`${name}: `, `${name} `, `${key}: `, `${key} `]) {
    if (message.startsWith(prefix) && !message.startsWith(`${prefix}(`)) {
      // "name is at most 8 characters" reads "At most 8 characters", "is required" "Required".
      const rest = message.slice(prefix.length).replace(/^is /, '');
      return rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  return message;
}
