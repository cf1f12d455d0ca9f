import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['true', true],
    ['yes', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads %s as %j', (value, expected) => {
    expect(loadSettings({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'http://proxy'])(
    'refuses %s, naming the setting',
    (value) => {
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(SettingsError);
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*number of proxy hops/);
    },
  );
});

describe('ATTEMPT_LIMIT_*', () => {
  it('defaults to 5 per username and 20 per address in 15 minutes, 100 per address a day', () => {
    expect(loadSettings({}).attemptLimits).toEqual({
      perUsername: 5,
      perAddress: 20,
      perAddressPerDay: 100,
      windowMinutes: 15,
    });
  });

  it('takes other numbers and refuses 0', () => {
    expect(loadSettings({ ATTEMPT_LIMIT_PER_ADDRESS: '500' }).attemptLimits.perAddress).toBe(500);
    expect(() => loadSettings({ ATTEMPT_LIMIT_PER_USERNAME: '0' })).toThrow(/ATTEMPT_LIMIT_PER_USERNAME/);
  });
});
