import { describe, expect, it } from 'vitest';
import { emailHref, emailParts, phoneHref } from './contact-links.ts';

describe('contact links', () => {
  it('makes international tel: links of Spanish numbers as people write them', () => {
    expect(phoneHref('912 345 678')).toBe('tel:+34912345678');
    expect(phoneHref('+34 910 000 000')).toBe('tel:+34910000000');
    expect(phoneHref('0034 600 11 22 33')).toBe('tel:+34600112233');
  });

  it('makes mailto: links', () => {
    expect(emailHref(' ventas@botica.example ')).toBe('mailto:ventas@botica.example');
  });

  it('cuts an address only after its @ and before its dots, keeping every character', () => {
    expect(emailParts('administracion.ventas@laboratorio-botica.example')).toEqual([
      'administracion',
      '.ventas@',
      'laboratorio-botica',
      '.example',
    ]);
    expect(emailParts(' a@b.es ').join('')).toBe('a@b.es');
  });
});
