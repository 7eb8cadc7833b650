import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@ed/contract/routes/auth';
import { callApi } from '../../../shared/api/client';
import { removeToken } from '../../../shared/auth/token-storage';

/**
 * Signing out revokes the token on the server. It is best effort: the
 * token is removed and the page reloaded whatever the answer, so a server that
 * cannot be reached never keeps the user signed in here.
 */
async function signOut(): Promise<void> {
  try {
    await callApi(authRoutes.signOut);
  } catch {
    // Nothing to do: the local sign-out below is what the user asked for.
  }
  removeToken();
  window.location.reload();
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
