import { describe, expect, it } from 'vitest';
import { PDF_FILE, pdfUrl } from './documents-service.ts';

describe('pdfUrl', () => {
  const token = '0123456789abcdef0123456789abcdef';

  it("is the PDF endpoint's path under the public URL, with the file name the endpoint reads", () => {
    const url = pdfUrl('https://portal.example', token, 2026);
    expect(url).toBe(`https://portal.example/api/v1/documents/${token}2026.pdf`);
    expect(PDF_FILE.exec(url.split('/').at(-1) ?? '')?.slice(1)).toEqual([token, '2026']);
  });

  it('is a path from the root without a public URL', () => {
    expect(pdfUrl('', token, 2025)).toBe(`/api/v1/documents/${token}2025.pdf`);
  });
});
