import { useEffect, useMemo, useState } from 'react';
import { newPasswordProblems, quickPasswordRule, type PasswordRule } from '@ed/contract/password';
import type { PasswordContext } from '@ed/contract/password-policy';
import type * as Strength from '@ed/contract/password-strength';

type StrengthModule = typeof Strength;

let loading: Promise<StrengthModule> | undefined;

/**
 * The policy's dictionaries weigh about 800 KB gzipped: they come as a chunk of their own, and
 * only with a form that sets a password, never with the sign-in page. A failed load is retried by
 * the next form; meanwhile the server, which applies the same rule, has the last word.
 */
function loadStrength(): Promise<StrengthModule> {
  loading ??= import('@ed/contract/password-strength').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** The dictionary half once it has loaded; undefined until then. */
function useStrength(): StrengthModule | undefined {
  const [strength, setStrength] = useState<StrengthModule>();
  useEffect(() => {
    let mounted = true;
    loadStrength().then(
      (module) => mounted && setStrength(() => module),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return strength;
}

export interface PasswordCheck {
  /** Why the password is refused, as sentences; empty for a blank field or an acceptable one. */
  problems: string[];
  /** The policy accepts it, as far as this page can tell (the dictionary may still be loading). */
  acceptable: boolean;
}

/**
 * The password policy of @ed/contract, as the person types: the quick rules at once, zxcvbn's
 * verdict as soon as its dictionaries have loaded.
 */
export function usePasswordProblems(password: string, context: PasswordContext = {}): PasswordCheck {
  const strength = useStrength();
  const { currentPassword } = context;
  const inputs = (context.userInputs ?? []).join('\n');
  return useMemo(() => {
    if (password === '') return { problems: [], acceptable: false };
    const problems = strength
      ? strength.passwordProblems(password, { currentPassword, userInputs: inputs.split('\n') })
      : newPasswordProblems(password, currentPassword);
    return { problems, acceptable: problems.length === 0 };
  }, [password, currentPassword, inputs, strength]);
}

/**
 * The policy for a form's schema (contract: createUserFormSchema, changePasswordFormSchema): the
 * quick rules at once, the whole policy as soon as its dictionaries have loaded.
 */
export function usePasswordRule(): PasswordRule {
  return useStrength()?.passwordProblems ?? quickPasswordRule;
}
