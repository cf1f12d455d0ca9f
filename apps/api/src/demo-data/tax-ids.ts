/**
 * Spanish tax ids with their right check characters, for the demo pharmacies. The checks themselves
 * live in @botica/domain (`isValidNif`, `isValidCif`); the tests hold these to them.
 */

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

/**
 * The NIF of a person (DNI) for 8 digits: the digits and their control letter.
 * @example nifFor(12345678) // '12345678Z'
 */
export function nifFor(number: number): string {
  if (!Number.isSafeInteger(number) || number < 0 || number > 99_999_999) {
    throw new RangeError(`a DNI has 8 digits, got ${String(number)}`);
  }
  return `${String(number).padStart(8, '0')}${NIF_LETTERS.charAt(number % 23)}`;
}

/**
 * The CIF of an entity: its letter, 7 digits (the first two are the province) and the control
 * character, a digit for A, B, E and H, a letter for N, P, Q, R, S and W and for the others too
 * (either is valid for them; the letter is what the tax agency issues to a 'J', 'G' or 'U').
 * @example cifFor('B', 1234567) // 'B12345674'
 */
export function cifFor(entity: string, digits: number): string {
  if (!/^[ABCDEFGHJNPQRSUVW]$/.test(entity)) throw new RangeError(`not a CIF entity letter: ${entity}`);
  if (!Number.isSafeInteger(digits) || digits < 0 || digits > 9_999_999) {
    throw new RangeError(`a CIF has 7 digits, got ${String(digits)}`);
  }
  const text = String(digits).padStart(7, '0');
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) {
    const digit = Number(text[index]);
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  const control = (10 - (sum % 10)) % 10;
  const asDigit = 'ABEH'.includes(entity);
  return `${entity}${text}${asDigit ? String(control) : CIF_LETTERS.charAt(control)}`;
}
