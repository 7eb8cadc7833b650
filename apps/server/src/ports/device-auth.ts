import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../shared/domain-error.js';

/** Checks a unit's device token (fleet's DeviceCredentials). */
export interface UnitCredentials {
  verify(serialNumber: string, token: string): Promise<boolean>;
}

/**
 * HTTP calls made by units carry the same credential as their MQTT connection, as Basic
 * authentication: the serial number and the device token. Resolves the unit's serial number.
 */
export async function authenticateUnit(request: FastifyRequest, credentials: UnitCredentials): Promise<string> {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!match) throw unauthorized('Send the unit’s serial number and device token as Basic authentication.');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const serialNumber = decoded.slice(0, colon).toUpperCase();
  const token = decoded.slice(colon + 1);
  if (colon < 1 || !token || !(await credentials.verify(serialNumber, token))) {
    throw unauthorized('The unit’s serial number or device token is not valid.');
  }
  return serialNumber;
}
