import { describe, expect, it } from 'vitest';
import { AddressRefused, isPrivateAddress, publicAddress, type Resolver } from './webhook-address.js';

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fe80::1%eth0',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:db8::1'])(
    'takes %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  const resolver =
    (answers: Record<string, string[]>): Resolver =>
    async (host) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('resolves a name and answers its public address', async () => {
    await expect(
      publicAddress('hooks.example.com', resolver({ 'hooks.example.com': ['93.184.216.34'] })),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with a private address among its public ones', async () => {
    const mixed = resolver({ 'mixed.example.com': ['93.184.216.34', '10.0.0.5'] });
    await expect(publicAddress('mixed.example.com', mixed)).rejects.toThrow(
      /mixed\.example\.com resolves to 10\.0\.0\.5, a private, loopback or link-local address/,
    );
  });

  it('refuses literal private addresses, bracketed IPv6 too, without asking DNS', async () => {
    const none = resolver({});
    await expect(publicAddress('127.0.0.1', none)).rejects.toBeInstanceOf(AddressRefused);
    await expect(publicAddress('[::1]', none)).rejects.toBeInstanceOf(AddressRefused);
    await expect(publicAddress('[2606:4700:4700::1111]', none)).resolves.toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('refuses a name that resolves to nothing', async () => {
    await expect(publicAddress('gone.example.com', resolver({}))).rejects.toThrow('does not resolve');
  });
});
