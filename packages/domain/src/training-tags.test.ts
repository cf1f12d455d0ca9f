import { describe, expect, it } from 'vitest';
import { normaliseTagName, sharesTag } from './training-tags.ts';

describe('normaliseTagName', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(normaliseTagName('Sueño y estrés')).toBe('sueno y estres');
    expect(normaliseTagName('  SUEÑO-y   estrés. ')).toBe('sueno y estres');
    expect(normaliseTagName('Circulación')).toBe(normaliseTagName('circulacion'));
  });

  it('keeps words apart: a tag is not a part of another', () => {
    expect(normaliseTagName('Sueño')).not.toBe(normaliseTagName('Sueño y estrés'));
  });
});

describe('sharesTag', () => {
  it('matches a product tag and a material tag written differently', () => {
    expect(sharesTag(['Vegano', 'Defensas'], ['defensas', 'Infantil'])).toBe(true);
  });

  it('matches a webinar topic as one tag', () => {
    expect(sharesTag(['Circulación'], ['Circulacion'])).toBe(true);
  });

  it('does not match different tags, partial words or empty names', () => {
    expect(sharesTag(['Sin gluten'], ['Sin lactosa'])).toBe(false);
    expect(sharesTag(['Sueño'], ['Sueño y estrés'])).toBe(false);
    expect(sharesTag(['--'], ['  '])).toBe(false);
    expect(sharesTag([], ['Defensas'])).toBe(false);
  });
});
