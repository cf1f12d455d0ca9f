import { describe, expect, it } from 'vitest';
import {
  type NamedProduct,
  realisticSearchTexts,
  referenceForms,
  stripAccents,
  typo,
} from '../bench/realistic-texts.ts';
import { generateCatalogue } from '../src/demo-data/catalogue.ts';
import { createRandom } from '../src/demo-data/random.ts';

const catalogue: NamedProduct[] = generateCatalogue({
  count: 2_000,
  now: new Date('2026-11-01T00:00:00Z'),
  random: createRandom(2026),
}).products.map(({ name, reference }) => ({ name, reference }));

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

describe('the benchmarks’ realistic search texts', () => {
  const texts = realisticSearchTexts(catalogue);

  it('gives 3,000 texts, none twice as the server reads them', () => {
    expect(texts).toHaveLength(3_000);
    expect(new Set(texts.map(({ text }) => key(text))).size).toBe(3_000);
    expect(texts.every(({ text }) => text === text.trim() && text !== '')).toBe(true);
  });

  it('is the same list for the same seed and another for another seed', () => {
    expect(realisticSearchTexts(catalogue)).toEqual(texts);
    expect(realisticSearchTexts(catalogue, { seed: 7 })).not.toEqual(texts);
  });

  it('has every kind, interleaved from the first texts on', () => {
    const kinds = new Set(texts.slice(0, 100).map(({ kind }) => kind));
    expect([...kinds].sort()).toEqual(['accents', 'prefix', 'reference', 'two words', 'typo']);
  });

  it('types prefixes letter by letter: a prefix run holds every shorter prefix of it', () => {
    const all = new Set(texts.map(({ text }) => text));
    const prefixes = texts.filter(({ kind }) => kind === 'prefix').map(({ text }) => text);
    const single = prefixes.filter((text) => text.length === 1);
    expect(single.length).toBeGreaterThan(5);
    // Any prefix of four letters came after its three-letter one (unless another run took it first).
    const withParent = prefixes.filter((text) => text.length === 4 && all.has(text.slice(0, 3))).length;
    expect(withParent).toBeGreaterThan(0.9 * prefixes.filter((text) => text.length === 4).length);
  });

  it('drops accents and writes references in several forms', () => {
    const accentless = texts.filter(({ kind }) => kind === 'accents');
    expect(accentless.every(({ text }) => stripAccents(text) === text)).toBe(true);
    const references = texts.filter(({ kind }) => kind === 'reference').map(({ text }) => text);
    expect(references.some((text) => /^BT-\d{5}$/.test(text))).toBe(true);
    expect(references.some((text) => /^bt\d{5}$/.test(text))).toBe(true);
    expect(references.some((text) => /^bt \d{5}$/.test(text))).toBe(true);
    expect(references.some((text) => /^\d{5}$/.test(text))).toBe(true);
    expect(references.some((text) => /^(bt-?)?\d{1,4}$/.test(text))).toBe(true);
  });

  it('makes one typo only in words of five letters or more', () => {
    const random = createRandom(1);
    expect(typo('aloe', random)).toBeUndefined();
    for (let run = 0; run < 200; run += 1) {
      const wrong = typo('valeriana', random);
      if (wrong === undefined) continue;
      expect(wrong).not.toBe('valeriana');
      expect(Math.abs(wrong.length - 'valeriana'.length)).toBeLessThanOrEqual(1);
      expect(wrong[0]).toBe('v');
    }
  });

  it('writes a reference as typed, prefixes included', () => {
    const forms = new Set<string>();
    const random = createRandom(3);
    for (let run = 0; run < 50; run += 1)
      for (const form of referenceForms('BT-10399', random)) forms.add(form);
    for (const form of ['BT-10399', 'bt-10399', 'bt10399', 'bt 10399', '10399'])
      expect(forms).toContain(form);
    expect([...forms].some((form) => /^bt-?1\d{0,3}$/.test(form))).toBe(true);
  });

  it('refuses a catalogue too small for that many texts', () => {
    expect(() => realisticSearchTexts(catalogue.slice(0, 2))).toThrow(/distinct search texts/);
  });
});
