import { describe, expect, it } from 'vitest';
import { curlExample, dayOfCalls, keyProblems, lastUse, rateText, shownPrefix } from './key-texts.ts';

describe("the API keys' texts", () => {
  it('names a key by its prefix, its last use on Madrid’s clock or Nunca', () => {
    expect(shownPrefix({ prefix: 'bk_3f9a1c' })).toBe('bk_3f9a1c…');
    expect(lastUse({ last_used_at: null })).toBe('Nunca');
    // 23:30 UTC in winter is half past midnight the next day in Madrid.
    expect(lastUse({ last_used_at: '2026-11-28T23:30:00.000Z' })).toBe('29/11/2026 00:30');
  });

  it('counts the last day’s calls in Spanish', () => {
    expect(dayOfCalls({ calls_24h: 0, failed_24h: 0 })).toBe('0 llamadas · 0 fallidas');
    expect(dayOfCalls({ calls_24h: 1, failed_24h: 1 })).toBe('1 llamada · 1 fallida');
    expect(dayOfCalls({ calls_24h: 1200, failed_24h: 3 })).toBe('1.200 llamadas · 3 fallidas');
    expect(rateText(600)).toBe('600 por minuto');
  });

  it('checks the name and the rate as the server does', () => {
    expect(keyProblems({ name: 'SAP B1', rate_per_minute: '600' })).toEqual({
      name: undefined,
      rate_per_minute: undefined,
    });
    expect(keyProblems({ name: '  ', rate_per_minute: '600' }).name).toBe('Escribe un nombre.');
    expect(keyProblems({ name: 'x'.repeat(101), rate_per_minute: '1' }).name).toBe('Máximo 100 caracteres.');
    for (const rate of ['0', '', '2,5', '-3', '100001', 'seis'])
      expect(keyProblems({ name: 'ERP', rate_per_minute: rate }).rate_per_minute, rate).toBe(
        'Entre 1 y 100.000 llamadas por minuto.',
      );
    expect(keyProblems({ name: 'ERP', rate_per_minute: ' 100000 ' }).rate_per_minute).toBeUndefined();
  });

  it('writes the curl that checks a key', () => {
    expect(curlExample('https://botica.example', 'bk_abc')).toBe(
      'curl -H "Authorization: Bearer bk_abc" https://botica.example/api/v1/integration/me',
    );
  });
});
