import { useCallback, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../api/http';
import { issuesOf, type FormIssues } from './form-context';

/** A form's schema, from the contract: what the fields hold (input) and what is sent (output). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormInput<S extends FormSchema> = z.input<S>;
export type FormOutput<S extends FormSchema> = z.output<S>;

export interface ZodForm<S extends FormSchema> {
  methods: UseFormReturn<FormInput<S>, unknown, FormOutput<S>>;
  /** The schema's problems with the values as they stand. */
  issues: FormIssues;
}

/**
 * A react-hook-form form whose submit parses the values with the schema (zodResolver). The schema
 * also reads the values as they stand, in the render that shows them: the buttons follow it, and a
 * rule across fields, or one that changes (the password dictionary once loaded), shows at once.
 */
export function useZodForm<S extends FormSchema>(schema: S, defaultValues: DefaultValues<FormInput<S>>): ZodForm<S> {
  const methods = useForm<FormInput<S>, unknown, FormOutput<S>>({ resolver: zodResolver(schema), defaultValues });
  const values = useWatch({ control: methods.control });
  const issues = useMemo(() => issuesOf(schema.safeParse(values)), [schema, values]);
  return { methods, issues };
}

/** What failing says: the server's sentence by default; null when it is told elsewhere (a notice). */
export type ErrorText = (error: unknown) => string | null;

/** For a call whose notice tells how it went (the EZ ADAS §8 texts, unit commands): nothing more to show. */
export const TOLD_BY_NOTICE: ErrorText = () => null;

/**
 * Runs a submission and keeps the sentence of its failure, for the dialog to show until the next
 * try (or until `clear`, for a dialog that forgets it once the field it was about is edited).
 */
export function useSubmission(errorText: ErrorText = errorMessage) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (task: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await task();
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  // Stable, so a dialog may clear it from an effect that watches its fields.
  const clear = useCallback(() => setFailure(null), []);
  return { failure, run, clear };
}
