import { describe, expect, it } from 'vitest';
import { emailParts } from './email.ts';

describe('emailParts', () => {
  it('cuts an address after its @ and before its dots, never at a hyphen', () => {
    expect(emailParts('administracion.ventas@laboratorio-botica.example')).toEqual([
      'administracion',
      '.ventas@',
      'laboratorio-botica',
      '.example',
    ]);
    expect(emailParts(' a@b.es ').join('')).toBe('a@b.es');
  });
});
