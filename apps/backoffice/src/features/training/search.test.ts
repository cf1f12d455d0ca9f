import { describe, expect, it } from 'vitest';
import { readSearch, searchAddress, webinarsQuery } from './search.ts';

describe('the training lists’ address', () => {
  it('reads what it wrote, and a new search starts on page 1', () => {
    const search = readSearch(new URLSearchParams('q=valeriana&when=past&page=3'));
    expect(search).toEqual({ q: 'valeriana', when: 'past', page: 3 });
    expect(searchAddress(search, { q: 'sueño' })).toBe('?q=sue%C3%B1o&when=past');
    expect(webinarsQuery(search)).toEqual({ q: 'valeriana', when: 'past', page: 3 });
  });

  it('leaves out what it cannot read', () => {
    expect(readSearch(new URLSearchParams('when=soon&page=-2'))).toEqual({ q: '', when: '', page: 1 });
  });
});
