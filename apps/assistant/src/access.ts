import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { httpError } from './http-error.js';

/** Who may call: console readers (chats are customer data) or units with their device credential. */
export type AssistantAccess = 'reader' | 'device';

export interface AssistantGuards {
  /** True when `token` is a signed-in console user's bearer token. */
  consoleUser(token: string): Promise<boolean>;
  /** True when `token` is the unit's current device credential. */
  device(serialNumber: string, token: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    assistantAccess?: AssistantAccess;
  }
  interface FastifyRequest {
    /** The unit a device call came from. */
    unitSerial?: string;
  }
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Readers send `Authorization: Bearer <console token or service key>`; units send
 * `Authorization: Basic base64(<serial>:<device token>)`, the credential they connect with.
 */
export function accessHook(guards: AssistantGuards, serviceKey: string | undefined) {
  return async (request: FastifyRequest) => {
    const access = request.routeOptions.config.assistantAccess;
    if (!access) return;
    const header = request.headers.authorization ?? '';
    if (access === 'reader') {
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      if (!token) throw httpError(401, 'Sign in first: reading chats needs a console session or a service key.');
      if (serviceKey && same(token, serviceKey)) return;
      if (!(await guards.consoleUser(token)))
        throw httpError(401, 'Your session has ended or was revoked. Sign in again.');
      return;
    }
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const decoded = basic ? Buffer.from(basic, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const serial = colon > 0 ? decoded.slice(0, colon) : '';
    if (!serial || !(await guards.device(serial, decoded.slice(colon + 1)))) {
      throw httpError(401, 'A unit asks with its serial number and device token (HTTP Basic).');
    }
    request.unitSerial = serial;
  };
}
