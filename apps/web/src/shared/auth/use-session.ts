import { useSyncExternalStore } from 'react';
import type { TokenResponse } from '@ed/contract/auth';
import { getTokenSnapshot, subscribeToken } from './token-storage';

/** The stored token of the signed-in user, or null; re-renders when it changes. */
export function useSession(): TokenResponse | null {
  return useSyncExternalStore(subscribeToken, getTokenSnapshot, () => null);
}
