import { describe, expect, it } from 'vitest';
import { taxIdCheck } from './tax-id-check.ts';

describe('taxIdCheck', () => {
  it('writes the id as the official form does, with the server’s check', () => {
    expect(taxIdCheck({ tax_id: ' b-1234567.4 ', tax_id_valid: true })).toEqual({
      taxId: 'B12345674',
      isValid: true,
      label: 'Válido',
    });
  });

  it('says when the check character is wrong', () => {
    expect(taxIdCheck({ tax_id: 'B12345675', tax_id_valid: false })).toEqual({
      taxId: 'B12345675',
      isValid: false,
      label: 'No válido',
    });
  });
});
