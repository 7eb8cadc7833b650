import type { TokenResponse } from '@ed/contract/auth';
import type { ErrorResponse } from '@ed/contract/errors';
import type * as SecondFactor from '@ed/contract/second-factor';
import { isTokenResponse } from '@ed/contract/sign-in-guards';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { ApiError, callEndpoint } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';
import { writeToken } from '../../../shared/auth/token-storage';

const CLIENT_ID = 'equipment-dashboard';

/** The password step's 403 for an account with a second factor (contract/second-factor.ts, without its zod). */
const MFA_REQUIRED = 'MFA_REQUIRED' satisfies typeof SecondFactor.MFA_REQUIRED;

interface Credentials {
  username: string;
  password: string;
}

/** The second step a right password opens: its token (ten minutes, five tries) and the account's factors. */
export interface SecondStepChallenge {
  mfaToken: string;
  methods: NonNullable<ErrorResponse['methods']>;
}

/** Signs in with the OAuth 2 password grant; success stores the token. */
function signIn({ username, password }: Credentials): Promise<TokenResponse> {
  return callEndpoint(SIGN_IN_ENDPOINTS.signIn, {
    auth: false,
    form: { grant_type: 'password', username, password, client_id: CLIENT_ID },
    check: isTokenResponse,
  });
}

export function useSignIn() {
  return useSubmit(signIn, writeToken);
}

/** The second step the password step's failure asks for, if it is the 403 MFA_REQUIRED. */
export function secondStepOf(error: unknown): SecondStepChallenge | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const { code, mfa_token, methods } = error.details;
  if (code !== MFA_REQUIRED || !mfa_token) return undefined;
  return { mfaToken: mfa_token, methods: methods ?? [] };
}
