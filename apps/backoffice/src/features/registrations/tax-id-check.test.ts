import { describe, expect, it } from 'vitest';
import { taxIdCheck } from './tax-id-check.ts';

describe('taxIdCheck', () => {
  it('accepts a CIF, a NIF and a NIE with the right check character, as the official form writes them', () => {
    expect(taxIdCheck(' b-1234567.4 ')).toEqual({ taxId: 'B12345674', isValid: true, label: 'Válido' });
    expect(taxIdCheck('12345678z').isValid).toBe(true);
    expect(taxIdCheck('X1234567L').isValid).toBe(true);
  });

  it('refuses a wrong check character or a malformed id', () => {
    expect(taxIdCheck('B12345675')).toEqual({ taxId: 'B12345675', isValid: false, label: 'No válido' });
    expect(taxIdCheck('12345678A').isValid).toBe(false);
    expect(taxIdCheck('ABC').isValid).toBe(false);
  });
});
