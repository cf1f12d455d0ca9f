import { describe, expect, it } from 'vitest';
import { isValidCif, isValidNie, isValidNif, isValidSpanishTaxId, normaliseTaxId } from './tax-id.ts';

describe('Spanish tax ids', () => {
  it('normalises what people type', () => {
    expect(normaliseTaxId(' b-1234567.4 ')).toBe('B12345674');
  });

  it('checks the NIF control letter (DNI and K, L, M)', () => {
    expect(isValidNif('12345678Z')).toBe(true);
    expect(isValidNif('12345678-z')).toBe(true);
    expect(isValidNif('00000000T')).toBe(true);
    expect(isValidNif('12345678A')).toBe(false);
    expect(isValidNif('1234567Z')).toBe(false);
    expect(isValidNif('K1234567L')).toBe(true);
    expect(isValidNif('K1234567A')).toBe(false);
    expect(isValidNif('')).toBe(false);
  });

  it('checks the NIE control letter', () => {
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
    expect(isValidNie('X1234567A')).toBe(false);
    expect(isValidNie('12345678Z')).toBe(false);
  });

  it('checks the CIF control digit or letter by entity type', () => {
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('A58818501')).toBe(true);
    expect(isValidCif('B12345675')).toBe(false);
    // P, Q, R, S, N, W take a letter; A, B, E, H a digit; the rest either.
    expect(isValidCif('Q2826000H')).toBe(true);
    expect(isValidCif('Q28260008')).toBe(false);
    expect(isValidCif('B1234567D')).toBe(false);
    expect(isValidCif('J12345674')).toBe(true);
    expect(isValidCif('J1234567D')).toBe(true);
    expect(isValidCif('I12345674')).toBe(false);
    expect(isValidCif('B1234567')).toBe(false);
  });

  it('accepts any of the three for a pharmacy', () => {
    expect(isValidSpanishTaxId('B12345674')).toBe(true);
    expect(isValidSpanishTaxId('12345678Z')).toBe(true);
    expect(isValidSpanishTaxId('X1234567L')).toBe(true);
    expect(isValidSpanishTaxId('ABC')).toBe(false);
  });
});
