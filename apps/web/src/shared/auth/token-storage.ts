import { TOKEN_STORAGE_KEY } from '@ed/contract/constants';
import type { TokenResponse } from '@ed/contract/auth';
import { isTokenResponse } from '@ed/contract/sign-in-guards';

/**
 * The signed-in token lives in localStorage under TOKEN_STORAGE_KEY, as the
 * TokenResponse JSON. Listeners hear every change, including ones made in
 * another tab, so signing out anywhere signs out everywhere.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readToken(): TokenResponse | null {
  const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
  return raw === null ? null : parseStored(raw);
}

export function writeToken(token: TokenResponse): void {
  if (!isTokenResponse(token)) throw new Error('Not a token response.');
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
  notify();
}

/**
 * The server refused a call of this session with 403 MFA_ENROLMENT_REQUIRED: it waits for a second
 * factor, as a sign-in that answered `mfa_enrolment_required` does, and the console shows the
 * enrolment only.
 */
export function markEnrolmentRequired(): void {
  const token = readToken();
  if (token && token.mfa_enrolment_required !== true) writeToken({ ...token, mfa_enrolment_required: true });
}

/** The session no longer waits for a second factor (the server answered an enrolment without a new token). */
export function clearEnrolmentRequired(): void {
  const token = readToken();
  if (!token?.mfa_enrolment_required) return;
  const { mfa_enrolment_required: _waiting, ...rest } = token;
  writeToken(rest);
}

export function removeToken(): void {
  if (localStorage.getItem(TOKEN_STORAGE_KEY) === null) return;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  notify();
}

function parseStored(raw: string): TokenResponse | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  if (isTokenResponse(json)) return json;
  // A corrupt value would otherwise be sent as a bearer on every call.
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  return null;
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let snapshotRaw: string | null = null;
let snapshot: TokenResponse | null = null;

/** A stable object per stored value, as useSyncExternalStore needs. */
export function getTokenSnapshot(): TokenResponse | null {
  const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = raw === null ? null : parseStored(raw);
    if (snapshot === null) snapshotRaw = null;
  }
  return snapshot;
}
