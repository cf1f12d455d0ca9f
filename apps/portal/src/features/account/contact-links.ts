/** The links of a phone number and an e-mail address (tel:, mailto:). */

/** A Spanish phone number as a `tel:` link, in international form ('912 345 678' → 'tel:+34912345678'). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('0034')) return `tel:+${digits.slice(2)}`;
  return `tel:+34${digits}`;
}

/** An e-mail address as a `mailto:` link. */
export function emailHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** Where an e-mail address may wrap (the footer's addresses wrap the same way). */
export { emailParts } from '@botica/domain';
