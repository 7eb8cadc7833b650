import type { TokenResponse } from '@ed/contract/auth';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { callApi } from '../../../shared/api/client';
import { useSubmit } from '../../../shared/api/use-submit';
import { writeToken } from '../../../shared/auth/token-storage';
import { answerWithPasskey } from './webauthn';

/**
 * The second step of a sign-in (loaded with it, not with the sign-in page): a code or a passkey
 * against the password step's mfa_token. Success stores the token, as a password sign-in does.
 */
function signInWithCode({ mfaToken, code }: { mfaToken: string; code: string }): Promise<TokenResponse> {
  return callApi(secondFactorRoutes.signInWithCode, { body: { mfa_token: mfaToken, code } });
}

async function signInWithPasskey(mfaToken: string): Promise<TokenResponse> {
  const { options } = await callApi(secondFactorRoutes.passkeySignInOptions, { body: { mfa_token: mfaToken } });
  const response = await answerWithPasskey(options);
  return callApi(secondFactorRoutes.signInWithPasskey, { body: { mfa_token: mfaToken, response } });
}

export function useCodeSignIn() {
  return useSubmit(signInWithCode, writeToken);
}

export function usePasskeySignIn() {
  return useSubmit(signInWithPasskey, writeToken);
}
