import { useEffect, useState } from 'react';
import type { TokenResponse } from '@ed/contract/auth';
import { isSsoConfig, isSsoStart, isTokenResponse } from '@ed/contract/sign-in-guards';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import type { SsoCallback, SsoConfig } from '@ed/contract/sso';
import { callEndpoint } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';
import { writeToken } from '../../../shared/auth/token-storage';

/** What the provider sends the browser back to /login with (RFC 6749 §4.1.2, RFC 9207). */
const CALLBACK_PARAMS = ['state', 'code', 'iss', 'error', 'error_description'] as const;

/** Whether the server offers single sign-on; "no" if it cannot say (the password form still works). */
function loadSsoConfig(): Promise<SsoConfig> {
  return callEndpoint(SIGN_IN_ENDPOINTS.ssoConfig, { auth: false, check: isSsoConfig }).catch((): SsoConfig => ({
    enabled: false,
  }));
}

/** The server's SSO offer; undefined until it has answered. */
export function useSsoConfig(): SsoConfig | undefined {
  const [answer, setAnswer] = useState<SsoConfig>();
  useEffect(() => {
    let mounted = true;
    void loadSsoConfig().then((c) => mounted && setAnswer(c));
    return () => {
      mounted = false;
    };
  }, []);
  return answer;
}

/** Where the browser goes to leave the app (a seam for the tests: jsdom does not navigate). */
export const browserNavigation = { assign: (url: string) => window.location.assign(url) };

/** Asks the server for the provider's sign-in address (it sets the binding cookie) and goes there. */
async function startSso(): Promise<void> {
  const { authorizationUrl } = await callEndpoint(SIGN_IN_ENDPOINTS.ssoStart, { auth: false, check: isSsoStart });
  browserNavigation.assign(authorizationUrl);
  // The page is leaving: stay pending, so the button is not offered again meanwhile.
  await new Promise(() => undefined);
}

export function useSsoStart() {
  return useSubmit(startSso);
}

/** The provider's answer in the address, if this page load is the way back from it. */
export function ssoCallbackIn(search: string): SsoCallback | undefined {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!state) return undefined;
  const callback: SsoCallback = { state };
  for (const name of CALLBACK_PARAMS) {
    const value = params.get(name);
    if (value !== null) callback[name] = value;
  }
  return callback;
}

/** Finishes the sign-in with the provider's answer; success stores the token, as a password sign-in does. */
function finishSso(callback: SsoCallback): Promise<TokenResponse> {
  return callEndpoint(SIGN_IN_ENDPOINTS.ssoCallback, { auth: false, json: callback, check: isTokenResponse });
}

export function useSsoFinish() {
  return useSubmit(finishSso, writeToken);
}
