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

describe('timeouts', () => {
  it('default to a 5 s statement and connection timeout and bounded HTTP timeouts', () => {
    const settings = loadSettings({});
    expect(settings.dbStatementTimeoutMs).toBe(5_000);
    expect(settings.dbConnectTimeoutMs).toBe(5_000);
    expect(settings.httpTimeouts).toEqual({
      headers: 10_000,
      request: 30_000,
      keepAlive: 72_000,
      connection: 60_000,
    });
  });

  it('take other values and refuse headers given longer than the whole request', () => {
    const settings = loadSettings({
      DB_STATEMENT_TIMEOUT_MS: '0',
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '2000',
    });
    expect(settings.dbStatementTimeoutMs).toBe(0);
    expect(settings.httpTimeouts.headers).toBe(2_000);
    expect(() => loadSettings({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS="40000": must not be more than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadSettings({ REQUEST_TIMEOUT_MS: '10' })).toThrow(
      /REQUEST_TIMEOUT_MS="10": must be at least 100/,
    );
  });
});

describe('CHAT_WIDGET_URL', () => {
  it('is no chat by default, and an https script with the consent its cookies need', () => {
    expect(loadSettings({}).chatWidget).toBeNull();
    expect(loadSettings({ CHAT_WIDGET_URL: 'https://chat.example/widget.js' }).chatWidget).toEqual({
      url: 'https://chat.example/widget.js',
      consent: 'marketing',
    });
    expect(
      loadSettings({ CHAT_WIDGET_URL: 'https://chat.example/w.js', CHAT_WIDGET_CONSENT: 'none' }).chatWidget
        ?.consent,
    ).toBe('none');
  });

  it('refuses an address that is not an https script, and an unknown consent', () => {
    for (const url of ['http://chat.example/w.js', 'javascript:alert(1)', 'https://chat.example']) {
      expect(() => loadSettings({ CHAT_WIDGET_URL: url }), url).toThrow(/CHAT_WIDGET_URL=.*https:\/\//);
    }
    expect(() => loadSettings({ CHAT_WIDGET_CONSENT: 'functional' })).toThrow(/CHAT_WIDGET_CONSENT/);
  });
});
