// Per-address limits count an IPv6 host by its /64 (security review follow-up #5).
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../server/http/clientAddress';
import { InFlightChecks } from '../../../server/idp/loginLimit';

describe('addressKey', () => {
  it('keeps IPv4 as it is and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('puts two addresses of one /64 in one bucket, and another /64 in another', () => {
    const a = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe(a);
    expect(addressKey('2001:db8:1:2::ffff:1.2.3.4')).toBe(a);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything that is no address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('')).toBe('');
  });

  it('counts the sign-ins in flight of one /64 together', () => {
    const inFlight = new InFlightChecks(2);
    expect(inFlight.enter('a', '2001:db8::1')).not.toBeNull();
    expect(inFlight.enter('b', '2001:db8::2')).not.toBeNull();
    expect(inFlight.enter('c', '2001:db8::3')).toBeNull();
    expect(inFlight.enter('c', '2001:db8:0:1::3')).not.toBeNull();
  });
});
