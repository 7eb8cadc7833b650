import { useCallback, useRef, useState } from 'react';

export interface Submit<V, R> {
  mutate(variables: V, options?: { onSuccess?: (result: R) => void }): void;
  /** Back to idle, forgetting the last failure (a form's way back). */
  reset(): void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * One form submission's state, for the public pages (sign-in, password reset). The query cache
 * comes with sign-in, so these pages do not download it; the shape matches a mutation's.
 */
export function useSubmit<V, R>(run: (variables: V) => Promise<R>, onSuccess?: (result: R) => void): Submit<V, R> {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'success' | 'error'; error: unknown }>({
    status: 'idle',
    error: null,
  });
  const pending = useRef(false);
  const mutate = useCallback(
    (variables: V, options?: { onSuccess?: (result: R) => void }) => {
      if (pending.current) return;
      pending.current = true;
      setState({ status: 'pending', error: null });
      run(variables).then(
        (result) => {
          pending.current = false;
          setState({ status: 'success', error: null });
          onSuccess?.(result);
          options?.onSuccess?.(result);
        },
        (error: unknown) => {
          pending.current = false;
          setState({ status: 'error', error });
        },
      );
    },
    [run, onSuccess],
  );
  const reset = useCallback(() => {
    if (!pending.current) setState({ status: 'idle', error: null });
  }, []);
  return {
    mutate,
    reset,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
  };
}
