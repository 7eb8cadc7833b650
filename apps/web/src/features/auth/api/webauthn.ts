import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, errorMessage } from '../../../shared/api/http';

/** The server's options are WebAuthn JSON, which the contract types as an open object. */
type WebAuthnJson = Record<string, unknown>;

/** Asks the browser (and the passkey's authenticator) to answer the server's sign-in challenge. */
export async function answerWithPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return { ...(await startAuthentication({ optionsJSON })) };
}

/** Asks the browser to create a passkey for the server's registration options. */
export async function createPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return { ...(await startRegistration({ optionsJSON })) };
}

/** The sentence for a failed passkey step: the server's, or what the browser's refusal means. */
export function passkeyErrorText(error: unknown): string {
  // The browser's refusals are DOMExceptions, which are not Errors everywhere.
  if (error instanceof ApiError || !(error instanceof Error || error instanceof DOMException)) {
    return errorMessage(error);
  }
  switch (error.name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'The passkey prompt was cancelled or timed out. Try again.';
    case 'InvalidStateError':
      return 'This passkey is registered already.';
    case 'SecurityError':
      return 'This browser refused the passkey for this address.';
    default:
      return /not supported/i.test(error.message) ? 'This browser cannot use passkeys.' : error.message;
  }
}
