import type { FastifyInstance } from 'fastify';
import { decodeSerialNumber } from '@ed/contract/serial-number';

/**
 * Records a unit as connected through the same path a broker's connection takes (a birth
 * without a sequence, as older units send), creating its record if needed.
 */
export async function markConnected(app: FastifyInstance, serialNumber: string): Promise<void> {
  await app.fleet.presence.ensureUnit(serialNumber, decodeSerialNumber(serialNumber)?.family ?? 'aligner');
  await app.fleet.presence.birth({ serialNumber, seq: null, heartbeatSeconds: null, replay: false, address: null });
}
