import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@ed/contract/auth';
import { messageResponseSchema } from '@ed/contract/errors';
import { http } from '../../../shared/api/http';
import { expiryQueryKey } from './password-expiry';

/** POST /update/user_password/v1 */
export function changePassword(body: ChangePasswordRequest) {
  return http('/update/user_password/v1', { method: 'POST', json: body, schema: messageResponseSchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Waiting for the fresh expiry answer keeps a forced dialog from reopening on stale data.
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: expiryQueryKey(body.username) }),
  });
}
