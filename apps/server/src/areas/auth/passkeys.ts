import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FactorRow } from './second-factor.repository.js';

/**
 * The WebAuthn library, loaded with the first passkey asked for: with its certificate parsers it
 * took a twentieth of a second of every start (docs/benchmarks.md, "Start").
 */
const webauthn = async () => {
  const [server, { isoBase64URL }] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, isoBase64URL };
};

const RP_NAME = 'Equipment Dashboard';

/** The relying party: the console's own address (PUBLIC_URL), its host name as the RP ID. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
};

const transportsOf = (row: FactorRow) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

export async function registrationOptions(
  rp: RelyingParty,
  account: { id: number; username: string },
  existing: FactorRow[],
) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: account.username,
    userID: new TextEncoder().encode(`user-${account.id}`),
    attestationType: 'none',
    // The same authenticator twice would be one factor counted as two.
    excludeCredentials: existing.flatMap((f) =>
      f.credentialId ? [{ id: f.credentialId, transports: transportsOf(f) }] : [],
    ),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, or undefined when the browser's answer does not verify. */
export async function verifiedRegistration(rp: RelyingParty, response: unknown, expectedChallenge: string) {
  const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports?.join(',') ?? null,
  };
}

export async function authenticationOptions(rp: RelyingParty, passkeys: FactorRow[]) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.flatMap((f) =>
      f.credentialId ? [{ id: f.credentialId, transports: transportsOf(f) }] : [],
    ),
    userVerification: 'preferred',
  });
}

/** The credential's new signature counter, or undefined when the answer does not verify. */
export async function verifiedAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: FactorRow,
): Promise<number | undefined> {
  if (!passkey.credentialId || !passkey.publicKey) return undefined;
  const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.signCount ?? 0,
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  return verified?.verified ? verified.authenticationInfo.newCounter : undefined;
}

/** The credential id a browser's answer names (to find its row before verifying). */
export const answeredCredentialId = (response: unknown): string | undefined => {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 1024 ? id : undefined;
};
