import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../testing/pdf-text.ts';
import { renderPdf } from './pdf.ts';

describe('renderPdf', () => {
  const long = Array.from(
    { length: 40 },
    (_, index) =>
      `Párrafo ${index + 1}: la valeriana (Valeriana officinalis L.) y el sueño, con su dosis (2–3 g) y sus precauciones.`,
  );
  const document = {
    title: 'Valeriana: revisión clínica',
    subtitle: 'Dra. Lucía Ferrer · mayo de 2026',
    sections: [
      { heading: 'Introducción', paragraphs: long },
      { heading: 'Señales de alarma', paragraphs: ['Niños < 12 años: consultar al médico; 5 € «ñandú».'] },
    ],
    footer: 'Botica · Material científico',
    author: 'Botica, departamento científico',
    date: new Date('2026-05-20T07:00:00Z'),
  };
  const pdf = renderPdf(document);

  it('is a PDF whose every paragraph, heading and footer poppler reads back without a complaint', async () => {
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf, { layout: false });
    // The footers sit inside the flow where a page breaks: take them out to read whole paragraphs.
    const flat = text.replace(/\s+/g, ' ').replace(/ Botica · Material científico Página \d de \d /g, ' ');
    expect(flat).toContain('Valeriana: revisión clínica');
    expect(flat).toContain('Dra. Lucía Ferrer · mayo de 2026');
    expect(flat).toContain('Introducción');
    for (const paragraph of long) expect(flat).toContain(paragraph);
    expect(flat).toContain('Niños < 12 años: consultar al médico; 5 € «ñandú».');
    expect(text).toContain('Botica · Material científico');
  });

  it('pages a long text and numbers every page "Página n de m"', async () => {
    const pages = await pdfPages(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Página ${page} de ${pages}`);
  });
});
