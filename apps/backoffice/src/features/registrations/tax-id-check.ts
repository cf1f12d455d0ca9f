import { isValidSpanishTaxId, normaliseTaxId } from '@botica/domain';

/** What the back office says of a request's CIF/NIF: its check character, read again here. */
export interface TaxIdCheck {
  /** The id as the official form writes it (upper case, no spaces, dots or hyphens). */
  taxId: string;
  isValid: boolean;
  /** The check's word for the table. */
  label: 'Válido' | 'No válido';
}

/**
 * Checks a request's CIF/NIF (or NIE) again: the server checked it when the request came, and the
 * staff member sees what the check says before approving a pharmacy.
 * @example taxIdCheck('b-1234567.4') // { taxId: 'B12345674', isValid: true, label: 'Válido' }
 */
export function taxIdCheck(input: string): TaxIdCheck {
  const isValid = isValidSpanishTaxId(input);
  return { taxId: normaliseTaxId(input), isValid, label: isValid ? 'Válido' : 'No válido' };
}
