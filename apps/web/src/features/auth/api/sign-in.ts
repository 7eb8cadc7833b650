import type { TokenResponse } from '@ed/contract/auth';
import { isTokenResponse } from '@ed/contract/sign-in-guards';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { callEndpoint } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';
import { writeToken } from '../../../shared/auth/token-storage';

export const CLIENT_ID = 'equipment-dashboard';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in with the OAuth 2 password grant; success stores the token. */
export function signIn({ username, password }: Credentials): Promise<TokenResponse> {
  return callEndpoint(SIGN_IN_ENDPOINTS.signIn, {
    auth: false,
    form: { grant_type: 'password', username, password, client_id: CLIENT_ID },
    check: isTokenResponse,
  });
}

export function useSignIn() {
  return useSubmit(signIn, writeToken);
}
