import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema, type TokenResponse } from '@ed/contract/auth';
import { http } from '../../../shared/api/http';
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
    schema: tokenResponseSchema,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: writeToken });
}
