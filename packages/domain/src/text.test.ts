import { describe, expect, it } from 'vitest';
import { closeSentence, withPreposition } from './text.ts';

describe('closeSentence', () => {
  it('adds a period unless the text already ends a sentence (never two periods)', () => {
    expect(closeSentence('Laboratorio Botica, S.L.')).toBe('Laboratorio Botica, S.L.');
    expect(closeSentence('Valeriana officinalis L.')).toBe('Valeriana officinalis L.');
    expect(closeSentence('Farmacia Ruiz')).toBe('Farmacia Ruiz.');
    expect(closeSentence('¿Seguro?')).toBe('¿Seguro?');
    expect(closeSentence('Y más… ')).toBe('Y más…');
  });
});

describe('withPreposition', () => {
  it("contracts 'de el' and 'a el'", () => {
    expect(withPreposition('de', 'el ginkgo')).toBe('del ginkgo');
    expect(withPreposition('a', 'el mostrador')).toBe('al mostrador');
    expect(withPreposition('de', 'la valeriana')).toBe('de la valeriana');
    expect(withPreposition('a', 'los clientes')).toBe('a los clientes');
    expect(withPreposition('de', 'eleuterococo')).toBe('de eleuterococo');
  });
});
