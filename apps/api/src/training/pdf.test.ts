import { describe, expect, it } from 'vitest';
import { renderPdf, wrapText } from './pdf.ts';

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

describe('renderPdf', () => {
  const long = Array.from(
    { length: 40 },
    (_, index) =>
      `Párrafo ${index + 1}: la valeriana (Valeriana officinalis L.) y el sueño, con su dosis (2–3 g) y sus precauciones.`,
  );
  const pdf = renderPdf({
    title: 'Valeriana: revisión clínica',
    subtitle: 'Dra. Lucía Ferrer · mayo de 2026',
    sections: [{ heading: 'Introducción', paragraphs: long }],
    footer: 'Botica · Material científico',
  });
  const raw = text(pdf);

  it('is a PDF 1.4 file with a trailer', () => {
    expect(raw.startsWith('%PDF-1.4\n')).toBe(true);
    expect(raw.endsWith('%%EOF\n')).toBe(true);
  });

  it('has a cross-reference table whose every offset points at its object', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(raw)?.[1]);
    expect(raw.slice(startxref, startxref + 4)).toBe('xref');
    const table = raw.slice(startxref).split('\n');
    const count = Number(table[1]?.split(' ')[1]);
    for (let id = 1; id < count; id += 1) {
      const offset = Number(table[2 + id]?.slice(0, 10));
      expect(raw.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
  });

  it('declares each stream with its exact length, pages a long text and keeps Spanish letters in WinAnsi', () => {
    for (const match of raw.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(raw.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
    expect(Number(/\/Count (\d+)/.exec(raw)?.[1])).toBeGreaterThan(1);
    expect(raw).toContain('(Valeriana: revisi\u00f3n cl\u00ednica) Tj');
    expect(raw).toContain('\\(Valeriana officinalis L.\\)');
    expect(raw).toContain('\\(2-3');
  });

  it('wraps text to the width', () => {
    expect(wrapText('uno dos tres cuatro', 10, 50, 'regular')).toEqual(['uno dos', 'tres', 'cuatro']);
  });
});
