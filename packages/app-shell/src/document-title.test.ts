import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

describe('documentTitle', () => {
  it('names the page, then the site', () => {
    expect(documentTitle('Mi pedido', 'Botica')).toBe('Mi pedido · Botica');
  });

  it('is the site alone for a page without its own title (the home page)', () => {
    expect(documentTitle(null, 'Botica')).toBe('Botica');
    expect(documentTitle('', 'Botica')).toBe('Botica');
  });
});
