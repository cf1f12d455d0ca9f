import { normaliseTaxId } from '@botica/domain';

/** What the table says of a request's CIF/NIF: the id as the official form writes it, and the server's check. */
export interface TaxIdCheck {
  /** The id upper-cased, without the spaces, dots or hyphens people type into it. */
  taxId: string;
  isValid: boolean;
  /** The check's word for the table. */
  label: 'Válido' | 'No válido';
}

/**
 * A request's CIF/NIF with the server's check of its control character (`tax_id_valid`).
 * @example taxIdCheck({ tax_id: 'b-1234567.4', tax_id_valid: true }) // { taxId: 'B12345674', isValid: true, label: 'Válido' }
 */
export function taxIdCheck(request: { tax_id: string; tax_id_valid: boolean }): TaxIdCheck {
  const isValid = request.tax_id_valid;
  return { taxId: normaliseTaxId(request.tax_id), isValid, label: isValid ? 'Válido' : 'No válido' };
}
