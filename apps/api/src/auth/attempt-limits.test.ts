import { describe, expect, it } from 'vitest';
import { testSettings } from '../settings/settings.ts';
import { addressKey, addressRules } from './attempt-limits.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones, and counts IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0000:0002:ffff::9')).toBe('2001:db8:0:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('gives every address of one /64 the same counters', () => {
    const limits = testSettings().attemptLimits;
    const [first] = addressRules(limits, '2001:db8:1:2::1');
    const [second] = addressRules(limits, '2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(first?.key).toBe(second?.key);
  });
});
