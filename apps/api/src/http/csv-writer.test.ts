import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCents, csvDay, csvInteger, csvRecord, csvText } from './csv-writer.ts';

/**
 * Reads records back as a spreadsheet does, with csv-parse (not the writer's own logic): `;` fields,
 * CRLF records, quoted fields with "" inside; the file must end with CRLF.
 */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  return parse(text, { delimiter: ';', record_delimiter: '\r\n', relax_column_count: true });
}

describe('csvText', () => {
  it('leaves a plain text as it is, accents included', () => {
    expect(csvText('Farmacia Ldo. Martín Ruiz')).toBe('Farmacia Ldo. Martín Ruiz');
    expect(csvText('')).toBe('');
  });

  it('quotes a text with the separator, a quote or a line break, doubling its quotes', () => {
    expect(csvText('Soria; centro')).toBe('"Soria; centro"');
    expect(csvText('La "Plaza"')).toBe('"La ""Plaza"""');
    expect(csvText('una\ndos')).toBe('"una\ndos"');
    expect(csvText('una\r\ndos')).toBe('"una\r\ndos"');
    expect(csvText('1,5')).toBe('1,5');
  });

  it('guards a text a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText('+34 600')).toBe("'+34 600");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('a=b')).toBe('a=b');
  });
});

describe('csvCents', () => {
  it('writes a decimal comma, two decimals and no thousands separator', () => {
    expect(csvCents(123450)).toBe('1234,50');
    expect(csvCents(123456789)).toBe('1234567,89');
    expect(csvCents(5)).toBe('0,05');
    expect(csvCents(0)).toBe('0,00');
    expect(csvCents(-1999)).toBe('-19,99');
  });

  it('refuses what is not whole cents', () => {
    expect(() => csvCents(1.5)).toThrow(RangeError);
    expect(() => csvCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('csvInteger and csvDay', () => {
  it('writes whole numbers, and refuses others', () => {
    expect(csvInteger(12)).toBe('12');
    expect(() => csvInteger(1.2)).toThrow(RangeError);
  });

  it('writes the Madrid day as dd/mm/aaaa, across midnight and the clock change', () => {
    expect(csvDay(new Date('2026-03-29T23:30:00Z'))).toBe('30/03/2026');
    expect(csvDay('2026-12-31T22:59:59Z')).toBe('31/12/2026');
    expect(csvDay('2026-12-31T23:00:00Z')).toBe('01/01/2027');
  });
});

describe('csvRecord', () => {
  it('joins by ; and ends with CRLF, and reads back field for field', () => {
    const fields = ['PW-2026-000001', 'Farmacia "La Plaza"; Soria', '=1+1', 'línea\r\nsegunda', '1234,50'];
    const text = CSV_BOM + csvRecord(fields.map(csvText)) + csvRecord(['a', 'b']);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('a;b\r\n')).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      ['PW-2026-000001', 'Farmacia "La Plaza"; Soria', "'=1+1", 'línea\r\nsegunda', '1234,50'],
      ['a', 'b'],
    ]);
  });
});
