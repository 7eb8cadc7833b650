import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@ed/contract/errors';
import { http } from '../../../shared/api/http';
import { removeToken } from '../../../shared/auth/token-storage';

/**
 * POST /auth/logout/v1 revokes the token on the server. It is best effort: the
 * token is removed and the page reloaded whatever the answer, so a server that
 * cannot be reached never keeps the user signed in here.
 */
async function signOut(): Promise<void> {
  try {
    await http('/auth/logout/v1', { method: 'POST', schema: messageResponseSchema });
  } catch {
    // Nothing to do: the local sign-out below is what the user asked for.
  }
  removeToken();
  window.location.reload();
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
