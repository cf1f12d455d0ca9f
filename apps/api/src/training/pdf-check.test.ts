import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';
import { checkPdf } from './pdf-check.ts';

const pdf = renderPdf({
  title: 'Valeriana',
  sections: [{ paragraphs: ['Un párrafo.'] }],
  footer: 'Botica',
  author: 'Botica',
  date: new Date('2027-03-29T08:00:00Z'),
});

/** The smallest PNG: its signature and an IHDR chunk. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('checkPdf', () => {
  it('takes a PDF the server draws', () => {
    expect(checkPdf(pdf)).toBe(true);
  });

  it('takes a PDF whose cross-reference is a stream', () => {
    const head = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
    const xref = '2 0 obj\n<< /Type /XRef /Size 3 /W [1 2 1] >>\nstream\nendstream\nendobj\n';
    const text = `${head}${xref}startxref\n${head.length}\n%%EOF\n`;
    expect(checkPdf(Buffer.from(text, 'latin1'))).toBe(true);
  });

  it('refuses a picture, whatever its name', () => {
    expect(checkPdf(PNG)).toBe(false);
  });

  it('refuses a file cut off before its end marker', () => {
    expect(checkPdf(pdf.subarray(0, pdf.length - 20))).toBe(false);
  });

  it('refuses a header alone, and a startxref pointing nowhere', () => {
    expect(checkPdf(Buffer.from('%PDF-1.7\nnothing else in here at all\n%%EOF\n'))).toBe(false);
    expect(checkPdf(Buffer.from('%PDF-1.7\nsome bytes here\nstartxref\n999999\n%%EOF\n'))).toBe(false);
  });

  it('refuses a text that only mentions the words', () => {
    expect(checkPdf(Buffer.from('hello %PDF-1.4 xref trailer startxref\n3\n%%EOF'))).toBe(false);
  });
});
