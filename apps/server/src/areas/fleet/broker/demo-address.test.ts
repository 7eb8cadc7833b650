import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS_HEADER, DemoAddressVoucher } from './demo-address.js';

const request = (remoteAddress: string, headers: Record<string, string>) => ({
  headers,
  socket: { remoteAddress } as never,
});

describe('demo address voucher', () => {
  const voucher = new DemoAddressVoucher();

  it('accepts its own voucher over loopback', () => {
    const headers = voucher.headers('81.2.69.142');
    expect(voucher.addressOf(request('127.0.0.1', headers))).toBe('81.2.69.142');
    expect(voucher.addressOf(request('::ffff:127.0.0.1', headers))).toBe('81.2.69.142');
    expect(voucher.addressOf(request('::1', headers))).toBe('81.2.69.142');
  });

  it('ignores a voucher from elsewhere, for another address, or from another boot', () => {
    const headers = voucher.headers('81.2.69.142');
    expect(voucher.addressOf(request('203.0.113.9', headers))).toBeUndefined();
    const mac = headers[DEMO_ADDRESS_HEADER]!.split(' ')[1];
    expect(voucher.addressOf(request('127.0.0.1', { [DEMO_ADDRESS_HEADER]: `8.8.8.8 ${mac}` }))).toBeUndefined();
    expect(new DemoAddressVoucher().addressOf(request('127.0.0.1', headers))).toBeUndefined();
    expect(voucher.addressOf(request('127.0.0.1', { [DEMO_ADDRESS_HEADER]: 'not-an-ip x' }))).toBeUndefined();
    expect(voucher.addressOf(request('127.0.0.1', {}))).toBeUndefined();
  });
});
