import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';

/**
 * One EZ ADAS call: its notice (part 2 §8, 10 s with CLOSE) says what happened; the server's reason
 * follows a failure's text. The lists reload after a success.
 */
export function useEasyAction<V, R>(options: {
  call: (variables: V) => Promise<R>;
  success: (result: R, variables: V) => string;
  failure: (error: unknown, variables: V) => string;
  reload: readonly unknown[];
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const { alert } = useNotice();
  return useMutation({
    mutationFn: options.call,
    onSuccess: async (result, variables) => {
      alert(options.success(result, variables));
      options.onDone?.();
      await queryClient.invalidateQueries({ queryKey: options.reload });
    },
    onError: (error, variables) => alert(options.failure(error, variables), 'error'),
  });
}

/** A §8 failure text, with the server's reason when it gave one. */
export const withReason = (text: string, error: unknown) => `${text}. ${errorMessage(error)}`;
