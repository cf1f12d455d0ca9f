/** E-mail addresses as the pharmacist reads them. */

/**
 * An e-mail address cut where it may wrap: after the '@' and before each dot, never inside a word
 * (nor at one of its hyphens, which would read as a hyphenated word). Each part is shown whole.
 * @example emailParts('ventas@botica.es') // ['ventas@', 'botica', '.es']
 */
export function emailParts(email: string): string[] {
  return email.trim().split(/(?<=@)|(?=\.)/);
}
