import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export const DEMO_ADDRESS_HEADER = 'x-demo-address';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * How the in-process demo fleet gives its units public addresses without X-Forwarded-For, so
 * that `npm start` need not trust loopback as a proxy: each unit sends its address with an HMAC
 * under a key drawn at boot, which never leaves this process (no environment, no log). Only a
 * loopback connection carrying a valid MAC may claim an address; any other claim is ignored.
 */
export class DemoAddressVoucher {
  private readonly key = randomBytes(32);

  /** The headers with which a simulated unit of this process claims `ip`. */
  headers(ip: string): Record<string, string> {
    return { [DEMO_ADDRESS_HEADER]: `${ip} ${this.mac(ip)}` };
  }

  /** The address a request was vouched for, if it came over loopback with a valid voucher. */
  addressOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | undefined {
    const value = req.headers[DEMO_ADDRESS_HEADER];
    if (typeof value !== 'string' || !LOOPBACK.test(req.socket.remoteAddress ?? '')) return undefined;
    const [ip = '', mac = ''] = value.split(' ');
    if (isIP(ip) === 0) return undefined;
    const expected = Buffer.from(this.mac(ip));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? ip : undefined;
  }

  private mac(ip: string): string {
    return createHmac('sha256', this.key).update(ip).digest('base64url');
  }
}
