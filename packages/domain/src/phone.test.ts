import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('groups a landline by its area code: 2-3-2-2 for Madrid and Barcelona, 3-2-2-2 elsewhere', () => {
    expect(formatPhone('963123456')).toBe('963 12 34 56');
    expect(formatPhone('912345678')).toBe('91 234 56 78');
    expect(formatPhone('93 1234567')).toBe('93 123 45 67');
    expect(formatPhone('985.12.34.56')).toBe('985 12 34 56');
  });

  it('groups mobiles and service numbers in threes', () => {
    expect(formatPhone('612345678')).toBe('612 345 678');
    expect(formatPhone('712345678')).toBe('712 345 678');
    expect(formatPhone('900123456')).toBe('900 123 456');
  });

  it('keeps the country prefix in front, as +34', () => {
    expect(formatPhone('+34910000000')).toBe('+34 91 000 00 00');
    expect(formatPhone('0034 963 123 456')).toBe('+34 963 12 34 56');
    expect(formatPhone('+34 910 000 000')).toBe('+34 91 000 00 00');
  });

  it('leaves what is not a Spanish number as it was given', () => {
    expect(formatPhone(' +44 20 7946 0000 ')).toBe('+44 20 7946 0000');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});
