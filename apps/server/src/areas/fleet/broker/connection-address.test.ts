import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressOfRequest, addressOfSocket, compileTrust } from './connection-address.js';
import { testDouble } from '../../../shared/type-adapters.js';

const request = (remoteAddress: string, forwardedFor?: string) =>
  testDouble<IncomingMessage>({
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress, remotePort: 50123 },
    connection: { remoteAddress },
  });

describe('connection address', () => {
  it('uses the socket address when there is no trusted proxy', () => {
    const trust = compileTrust(undefined);
    expect(addressOfRequest(request('203.0.113.9', '81.2.69.142'), trust)).toEqual({
      address: '::ffff:203.0.113.9',
      port: 50123,
    });
  });

  it('follows X-Forwarded-For through a trusted proxy only', () => {
    const trust = compileTrust('127.0.0.1, 10.0.0.0/8');
    expect(addressOfRequest(request('127.0.0.1', '81.2.69.142'), trust).address).toBe(
      '::ffff:81.2.69.142,::ffff:127.0.0.1',
    );
    expect(addressOfRequest(request('127.0.0.1', '81.2.69.142, 10.1.1.1'), trust).address).toBe(
      '::ffff:81.2.69.142,::ffff:10.1.1.1,::ffff:127.0.0.1',
    );
  });

  it('shows the unit as the console expects: the first part minus its first 7 characters', () => {
    const { address } = addressOfRequest(request('127.0.0.1', '81.2.69.142'), compileTrust('127.0.0.1'));
    expect(address.split(',')[0]!.slice(7)).toBe('81.2.69.142');
  });

  it('takes an address vouched for by the in-process demo fleet before any header', () => {
    const address = addressOfRequest(request('127.0.0.1', '8.8.8.8'), compileTrust('127.0.0.1'), () => '81.2.69.142');
    expect(address).toEqual({ address: '::ffff:81.2.69.142,::ffff:127.0.0.1', port: 50123 });
    expect(addressOfRequest(request('127.0.0.1'), compileTrust(undefined), () => undefined).address).toBe(
      '::ffff:127.0.0.1',
    );
  });

  it('takes a PROXY protocol source for TCP', () => {
    expect(
      addressOfSocket({ remoteAddress: '10.0.0.5', remotePort: 1 }, { address: '81.2.69.142', port: 4242 }),
    ).toEqual({
      address: '::ffff:81.2.69.142,::ffff:10.0.0.5',
      port: 4242,
    });
    expect(addressOfSocket({ remoteAddress: '::ffff:81.2.69.142', remotePort: 7 })).toEqual({
      address: '::ffff:81.2.69.142',
      port: 7,
    });
  });
});
