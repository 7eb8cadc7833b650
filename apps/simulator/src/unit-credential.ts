import { deviceCheckInResponseSchema } from '@ed/contract/device-protocol';
import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import type { CheckInOutcome } from './check-in-retry.js';
import type { Clock } from './clock.js';
import type { CredentialStore, StoredCredential } from './credential-store.js';
import type { Logger } from './logger.js';
import type { Prng } from './prng.js';
import { registerWithRetry } from './registration.js';
import { devicesRoutes } from '@ed/contract/routes/devices';

export type UnitCredential = StoredCredential & { topics: DeviceTopics };

/**
 * The unit's credential: the one it kept from an earlier start, or a new registration with the
 * fleet's key (and `previousToken`, to replace a credential the broker refused).
 */
export async function obtainCredential(o: {
  serverUrl: string;
  enrollmentKey: string;
  serialNumber: string;
  store?: CredentialStore;
  previousToken?: string;
  /** Headers vouching for the unit's address, as on its check-ins. */
  addressHeaders?: Record<string, string>;
  clock: Clock;
  prng: Prng;
  signal: AbortSignal;
  logger: Logger;
}): Promise<UnitCredential> {
  const stored = o.previousToken ? undefined : o.store?.get(o.serialNumber);
  if (stored) return { ...stored, topics: deviceTopics(stored.topicRoot) };
  const answer = await registerWithRetry(
    {
      serverUrl: o.serverUrl,
      serialNumber: o.serialNumber,
      enrollmentKey: o.enrollmentKey,
      deviceToken: o.previousToken,
      headers: o.addressHeaders,
    },
    { clock: o.clock, prng: o.prng, signal: o.signal, logger: o.logger },
  );
  const kept: StoredCredential = {
    deviceToken: answer.deviceToken,
    websocketPath: answer.mqtt.websocketPath,
    topicRoot: answer.mqtt.topicRoot,
    mqttUrl: answer.mqtt.url ?? null,
    checkIn: answer.mqtt.checkIn,
  };
  o.store?.set(o.serialNumber, kept);
  return { ...kept, topics: deviceTopics(kept.topicRoot) };
}

/** A check-in that hangs (an instance that accepts and never answers) gives way to the next try. */
const CHECK_IN_TIMEOUT_MS = 15_000;

/**
 * POST /device/v1/check_in with the connection's sequence, once. A failure costs the address of
 * that connection, so the caller tries again unless the server refused (check-in-retry.ts).
 */
export async function checkIn(o: {
  serverUrl: string;
  serialNumber: string;
  deviceToken: string;
  seq: number;
  /** Headers vouching for the address, or else the address claimed with X-Forwarded-For (or nothing). */
  addressHeaders?: Record<string, string>;
  forwardedFor: string | null;
  logger: Logger;
  signal?: AbortSignal;
}): Promise<CheckInOutcome> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${o.serialNumber}:${o.deviceToken}`).toString('base64')}`,
  };
  if (o.addressHeaders) Object.assign(headers, o.addressHeaders);
  else if (o.forwardedFor) headers['x-forwarded-for'] = o.forwardedFor;
  const timeout = AbortSignal.timeout(CHECK_IN_TIMEOUT_MS);
  try {
    const { path, method } = devicesRoutes.checkIn;
    const response = await fetch(`${o.serverUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers,
      body: JSON.stringify({ seq: o.seq }),
      signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
    });
    const { status } = response;
    if (response.ok) {
      // The server has the address; an answer of another shape changes nothing for the unit.
      const answer = deviceCheckInResponseSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) o.logger.debug(`${o.serialNumber}: check-in answer not understood`);
      return 'done';
    }
    await response.body?.cancel().catch(() => undefined);
    const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
    o.logger.debug(`${o.serialNumber}: check-in answered ${status}${refused ? '' : '; retrying'}`);
    return refused ? 'refused' : 'failed';
  } catch (error) {
    o.logger.debug(`${o.serialNumber}: check-in failed: ${(error as Error).message}`);
    return 'failed';
  }
}
