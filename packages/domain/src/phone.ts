/**
 * Phone numbers as the pharmacist reads them. `normalisePhone` lives here, not with the access rules
 * that check a phone (access.ts): every page's footer formats the laboratory's phone, and a bundler
 * places a module whole, so the access rules and their list of common passwords went into every
 * page's first load with it.
 */

/**
 * A Spanish phone number as digits only: spaces, dots, hyphens, brackets and a +34 or 0034 prefix
 * removed.
 * @example normalisePhone('+34 912 345 678') // '912345678'
 */
export function normalisePhone(input: string): string {
  return input.replace(/[\s.()-]/g, '').replace(/^(\+34|0034)/, '');
}

/**
 * A Spanish phone number as people write it: a mobile (6, 7) or a service number (800, 900, 901,
 * 902…) in threes ('600 123 456', '900 123 456'); a landline in the provinces' way, Madrid's and
 * Barcelona's two-digit code then 3-2-2 ('91 123 45 67', '93 123 45 67'), the others' three-digit code
 * then 2-2-2 ('963 12 34 56'). A +34 prefix stays in front; anything that is not a Spanish number of
 * 9 digits comes back as it was given, trimmed.
 * @example formatPhone('963123456') // '963 12 34 56'
 * @example formatPhone('+34910000000') // '+34 91 000 00 00'
 */
export function formatPhone(input: string): string {
  const trimmed = input.trim();
  const digits = normalisePhone(trimmed);
  if (!/^[6-9]\d{8}$/.test(digits)) return trimmed;
  const prefix = /^(\+34|0034)/.test(trimmed.replace(/[\s.()-]/g, '')) ? '+34 ' : '';
  const groups = (sizes: readonly number[]) => {
    let at = 0;
    return sizes.map((size) => {
      const part = digits.slice(at, at + size);
      at += size;
      return part;
    });
  };
  let parts: string[];
  if (/^[67]/.test(digits) || /^[89]0/.test(digits)) parts = groups([3, 3, 3]);
  else if (/^9[13]/.test(digits)) parts = groups([2, 3, 2, 2]);
  else parts = groups([3, 2, 2, 2]);
  return `${prefix}${parts.join(' ')}`;
}
