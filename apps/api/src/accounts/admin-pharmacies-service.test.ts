import { describe, expect, it } from 'vitest';
import { foldSearch } from './admin-pharmacies-service.ts';

describe('foldSearch', () => {
  it('drops accents and the tilde of ñ, and lowers the case, as the search compares the columns', () => {
    expect(foldSearch('ÍÑIGUEZ Mañé, Ávila')).toBe('iniguez mane, avila');
    expect(foldSearch('Çà ü')).toBe('ca u');
  });

  it('keeps what is not a letter with an accent as it is', () => {
    expect(foldSearch('B-12.345 %_')).toBe('b-12.345 %_');
  });
});
