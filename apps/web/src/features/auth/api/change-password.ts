import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@ed/contract/auth';
import { authRoutes } from '@ed/contract/routes/auth';
import { callApi } from '../../../shared/api/client';
import { expiryQueryKey } from './password-expiry';

/** Changes the signed-in user's password; their other sessions end. */
function changePassword(body: ChangePasswordRequest) {
  return callApi(authRoutes.changePassword, { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Waiting for the fresh expiry answer keeps a forced dialog from reopening on stale data.
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: expiryQueryKey(body.username) }),
  });
}
