import {
  deviceClaimPendingSchema,
  deviceRegisterResponseSchema,
  type DeviceClaimPending,
  type DeviceRegisterResponse,
} from '@ed/contract/device-protocol';
import { sleep, type Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { Prng } from './prng.js';
import { devicesRoutes } from '@ed/contract/routes/devices';

/** The server said no for good (a wrong enrollment key, a refused serial number): retrying cannot help. */
export class RegistrationRefused extends Error {
  override readonly name = 'RegistrationRefused';
}

export interface RegistrationRequest {
  serverUrl: string;
  serialNumber: string;
  enrollmentKey: string;
  /** The token the unit holds, if any: the server gives a registered serial number a new one only against it. */
  deviceToken?: string;
  /** The claim the server gave this unit (202) while an administrator decides. */
  claimToken?: string;
  /** Headers vouching for the unit's address (the in-process demo fleet), sent with each try. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** POST /device/v1/register: trades the fleet's enrollment key for this unit's own MQTT password. */
export async function registerUnit(request: RegistrationRequest): Promise<DeviceRegisterResponse | DeviceClaimPending> {
  const { path, method } = devicesRoutes.register;
  const response = await fetch(`${request.serverUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      serialNumber: request.serialNumber,
      enrollmentKey: request.enrollmentKey,
      deviceToken: request.deviceToken,
      claimToken: request.claimToken,
    }),
    signal: request.signal ?? null,
  });
  if (response.status === 202) return deviceClaimPendingSchema.parse(await response.json());
  if (response.ok) return deviceRegisterResponseSchema.parse(await response.json());
  const detail = (await response.text()).slice(0, 300);
  const problem = `registration of ${request.serialNumber} answered ${response.status}: ${detail}`;
  const transient = response.status === 408 || response.status === 429 || response.status >= 500;
  throw transient ? new Error(problem) : new RegistrationRefused(problem);
}

const MAX_BACKOFF_MS = 60_000;

export interface RetryContext {
  clock: Clock;
  prng: Prng;
  signal: AbortSignal;
  logger: Logger;
}

/**
 * Registers, retrying with jittered exponential backoff (up to a minute) while the server is
 * unreachable or busy, as a unit does when it boots before the server; a refusal ends it at once.
 * A claim (the serial number is registered already) is asked about again until it is decided.
 */
export async function registerWithRetry(
  request: RegistrationRequest,
  context: RetryContext,
): Promise<DeviceRegisterResponse> {
  let claimToken = request.claimToken;
  for (let attempt = 0; ; attempt += 1) {
    let wait: number;
    try {
      const answer = await registerUnit({ ...request, claimToken, signal: context.signal });
      if (!('status' in answer)) return answer;
      if (claimToken !== answer.claimToken) {
        context.logger.warn(
          `${request.serialNumber}: registered already; waiting for an administrator to approve the claim`,
        );
      }
      claimToken = answer.claimToken;
      attempt = -1;
      wait = answer.retryAfterSeconds * 1000 * context.prng.float(1, 1.25);
    } catch (error) {
      if (error instanceof RegistrationRefused || context.signal.aborted) throw error;
      context.logger.debug(`${request.serialNumber}: ${(error as Error).message}; retrying`);
      wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * context.prng.float(0.5, 1);
    }
    await sleep(context.clock, wait, context.signal);
  }
}
