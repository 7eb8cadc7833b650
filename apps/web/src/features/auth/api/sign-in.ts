import type { TokenResponse } from '@ed/contract/auth';
import { isTokenResponse } from '@ed/contract/sign-in-guards';
import { http } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';
import { writeToken } from '../../../shared/auth/token-storage';

export const CLIENT_ID = 'equipment-dashboard';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /auth/token/v1 (OAuth 2 password grant); success stores the token. */
export function signIn({ username, password }: Credentials): Promise<TokenResponse> {
  return http('/auth/token/v1', {
    method: 'POST',
    auth: false,
    form: { grant_type: 'password', username, password, client_id: CLIENT_ID },
    check: isTokenResponse,
  });
}

export function useSignIn() {
  return useSubmit(signIn, writeToken);
}
