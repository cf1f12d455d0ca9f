/**
 * Spanish tax identifiers with their official check characters: NIF (DNI and the K, L, M
 * variants), NIE (foreigners) and CIF (companies; registration asks for the pharmacy's).
 */

const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

/**
 * Upper-cases a tax id and strips the spaces, dots and hyphens people type into it.
 * @example normaliseTaxId(' b-1234567.4 ') // 'B12345674'
 */
export function normaliseTaxId(input: string): string {
  return input.toUpperCase().replace(/[\s.-]/g, '');
}

function controlLetter(digits: string): string {
  return CONTROL_LETTERS.charAt(Number(digits) % 23);
}

/**
 * A NIF of a person: 8 digits and their control letter (DNI), or K, L or M, 7 digits and the letter.
 * @example isValidNif('12345678Z') // true
 */
export function isValidNif(input: string): boolean {
  const id = normaliseTaxId(input);
  const dni = /^(\d{8})([A-Z])$/.exec(id);
  if (dni) return controlLetter(dni[1] as string) === dni[2];
  const special = /^[KLM](\d{7})([A-Z])$/.exec(id);
  return special !== null && controlLetter(special[1] as string) === special[2];
}

/**
 * A NIE: X, Y or Z (standing for 0, 1, 2), 7 digits and the control letter.
 * @example isValidNie('X1234567L') // true
 */
export function isValidNie(input: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(normaliseTaxId(input));
  if (!match) return false;
  const prefix = String('XYZ'.indexOf(match[1] as string));
  return controlLetter(prefix + (match[2] as string)) === match[3];
}

/**
 * A CIF of a company: the entity letter, 7 digits and the control character, a digit or a letter
 * as the entity type requires (letter for P, Q, R, S, N, W; digit for A, B, E, H; either otherwise).
 * @example isValidCif('B12345674') // true
 */
export function isValidCif(input: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(normaliseTaxId(input));
  if (!match) return false;
  const [, entity = '', digits = '', control = ''] = match;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index]);
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  const expected = (10 - (sum % 10)) % 10;
  const asDigit = String(expected);
  const asLetter = CIF_CONTROL_LETTERS.charAt(expected);
  if ('PQRSNW'.includes(entity)) return control === asLetter;
  if ('ABEH'.includes(entity)) return control === asDigit;
  return control === asDigit || control === asLetter;
}

/**
 * Any Spanish tax id a pharmacy may hold: a CIF, or the NIF or NIE of the pharmacist who owns it.
 * @example isValidSpanishTaxId('X1234567L') // true
 */
export function isValidSpanishTaxId(input: string): boolean {
  return isValidCif(input) || isValidNif(input) || isValidNie(input);
}
