/**
 * Product codes of the Spanish pharmacy market: the Código Nacional (CN: six digits and a check
 * digit) and the EAN-13 (GTIN-13) of the box. A medicine's EAN is '847000' and its CN, so the CN's
 * check digit is the EAN's: the same mod-10 rule (weights 1 and 3 from the left) serves both.
 */

/** The GS1 prefix of a Spanish medicine's EAN-13: its CN follows it. */
export const NATIONAL_CODE_EAN_PREFIX = '847000';

/** The Spanish messages of a product code's problems. */
export const PRODUCT_CODE_MESSAGES = {
  nationalCodeRequired: 'El código nacional es obligatorio.',
  nationalCodeFormat: 'El código nacional debe tener 6 cifras y su dígito de control.',
  nationalCodeCheck: 'El dígito de control del código nacional no es correcto.',
  eanRequired: 'El EAN es obligatorio.',
  eanFormat: 'El EAN debe tener 13 cifras.',
  eanCheck: 'El dígito de control del EAN no es correcto.',
} as const;

/** The mod-10 check digit of GS1 codes over `digits` (weights 1, 3, 1, … from the left of 12 digits). */
function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
  }
  return (10 - (sum % 10)) % 10;
}

/** The CN's check digit: the EAN's, with the CN behind the medicines' prefix. */
function nationalCheckDigit(sixDigits: string): number {
  return gs1CheckDigit(NATIONAL_CODE_EAN_PREFIX + sixDigits);
}

/** The seven digits of a CN as written ('123456.7', '123456-7', '1234567', spaces around), or null. */
function nationalCodeDigits(value: string): string | null {
  const match = /^(\d{6})[.-]?(\d)$/.exec(value.trim());
  return match ? `${match[1] as string}${match[2] as string}` : null;
}

/**
 * The Código Nacional of six digits, with its check digit: the seven digits stored and sent.
 * @example nationalCodeWithCheckDigit('123456') // '1234568'
 * @throws RangeError unless `sixDigits` is six digits.
 */
export function nationalCodeWithCheckDigit(sixDigits: string): string {
  if (!/^\d{6}$/.test(sixDigits)) throw new RangeError(`not six digits: ${sixDigits}`);
  return `${sixDigits}${nationalCheckDigit(sixDigits)}`;
}

/**
 * What is wrong with a Código Nacional as typed ('123456.8', '123456-8' or '1234568'), or null when
 * it is one: six digits and the right check digit.
 * @example nationalCodeProblem('') // 'El código nacional es obligatorio.'
 * @example nationalCodeProblem('71278') // 'El código nacional debe tener 6 cifras y su dígito de control.'
 */
export function nationalCodeProblem(value: string): string | null {
  if (value.trim() === '') return PRODUCT_CODE_MESSAGES.nationalCodeRequired;
  const digits = nationalCodeDigits(value);
  if (digits === null) return PRODUCT_CODE_MESSAGES.nationalCodeFormat;
  return nationalCheckDigit(digits.slice(0, 6)) === Number(digits[6])
    ? null
    : PRODUCT_CODE_MESSAGES.nationalCodeCheck;
}

/**
 * Whether `value` is a Código Nacional with the right check digit, in any of its written forms.
 * @example isValidNationalCode('123456.8') // true
 */
export function isValidNationalCode(value: string): boolean {
  return nationalCodeProblem(value) === null;
}

/**
 * A valid Código Nacional as the seven digits stored and sent (no dot, no hyphen), or null when it
 * is not one.
 * @example normaliseNationalCode(' 123456.8 ') // '1234568'
 * @example normaliseNationalCode('123456.7') // null (wrong check digit)
 */
export function normaliseNationalCode(value: string): string | null {
  return isValidNationalCode(value) ? nationalCodeDigits(value) : null;
}

/**
 * What is wrong with an EAN-13 (GTIN-13), or null when it is one: 13 digits (spaces around ignored)
 * whose last is the mod-10 check digit of the other twelve.
 * @example ean13Problem('8470001234566') // 'El dígito de control del EAN no es correcto.'
 */
export function ean13Problem(value: string): string | null {
  const code = value.trim();
  if (code === '') return PRODUCT_CODE_MESSAGES.eanRequired;
  if (!/^\d{13}$/.test(code)) return PRODUCT_CODE_MESSAGES.eanFormat;
  return gs1CheckDigit(code.slice(0, 12)) === Number(code[12]) ? null : PRODUCT_CODE_MESSAGES.eanCheck;
}

/**
 * Whether `value` is an EAN-13 with the right check digit.
 * @example isValidEan13('8470001234568') // true
 */
export function isValidEan13(value: string): boolean {
  return ean13Problem(value) === null;
}

/**
 * The EAN-13 of a medicine from its Código Nacional ('847000' and the CN's seven digits), or null
 * when the CN is not valid.
 * @example eanFromNationalCode('123456.8') // '8470001234568'
 */
export function eanFromNationalCode(value: string): string | null {
  const digits = normaliseNationalCode(value);
  return digits === null ? null : NATIONAL_CODE_EAN_PREFIX + digits;
}

/**
 * The Código Nacional inside a Spanish medicine's EAN-13 (one that starts with '847000'), or null
 * for any other EAN or a wrong check digit.
 * @example nationalCodeFromEan('8470001234568') // '1234568'
 */
export function nationalCodeFromEan(value: string): string | null {
  const code = value.trim();
  if (!isValidEan13(code) || !code.startsWith(NATIONAL_CODE_EAN_PREFIX)) return null;
  return code.slice(NATIONAL_CODE_EAN_PREFIX.length);
}

/** What a code typed in a quick order is, before anyone looks it up. */
export type ClassifiedProductCode =
  /** A valid Código Nacional: its seven digits. */
  | { kind: 'national_code'; value: string }
  /** A valid EAN-13: its thirteen digits. */
  | { kind: 'ean'; value: string }
  /** Anything else is a laboratory reference as typed (trimmed): 'BT-10399', 'bt 10399', '10399'. */
  | { kind: 'reference'; value: string }
  /** Written as a CN or an EAN, but its check digit is wrong: a typo, never a product. */
  | { kind: 'invalid_check_digit'; of: 'national_code' | 'ean'; value: string; message: string };

/**
 * Classifies a code as a pharmacist types or scans it: thirteen digits are an EAN-13, six digits
 * and a check digit ('123456.8', '123456-8', '1234568') a Código Nacional, each checked by its check
 * digit; anything else is a laboratory reference. Null for a blank code.
 * @example classifyProductCode('123456.8') // { kind: 'national_code', value: '1234568' }
 * @example classifyProductCode('8470001234567') // { kind: 'invalid_check_digit', of: 'ean', … }
 * @example classifyProductCode('bt 10399') // { kind: 'reference', value: 'bt 10399' }
 */
export function classifyProductCode(typed: string): ClassifiedProductCode | null {
  const code = typed.trim();
  if (code === '') return null;
  if (/^\d{13}$/.test(code)) {
    const problem = ean13Problem(code);
    return problem === null
      ? { kind: 'ean', value: code }
      : { kind: 'invalid_check_digit', of: 'ean', value: code, message: problem };
  }
  const digits = nationalCodeDigits(code);
  if (digits !== null) {
    const problem = nationalCodeProblem(code);
    return problem === null
      ? { kind: 'national_code', value: digits }
      : { kind: 'invalid_check_digit', of: 'national_code', value: digits, message: problem };
  }
  return { kind: 'reference', value: code };
}
