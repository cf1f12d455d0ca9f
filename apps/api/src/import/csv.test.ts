import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsv, detectSeparator, formatCsv, parseCsv, parseCsvRecords } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, with their start lines', () => {
    const text =
      'referencia;descripcion;precio\r\nBT-1;"Uno; dos ""tres""\r\ncuatro";"12,50"\r\nBT-2;Sin comillas;9,95\r\n';
    const table = parseCsv(text);
    expect(table.separator).toBe(';');
    expect(table.header).toEqual(['referencia', 'descripcion', 'precio']);
    expect(table.records).toEqual([
      { line: 2, fields: ['BT-1', 'Uno; dos "tres"\r\ncuatro', '12,50'] },
      { line: 4, fields: ['BT-2', 'Sin comillas', '9,95'] },
    ]);
  });

  it('detects the comma separator and accepts LF, CR and a missing final line end', () => {
    const table = parseCsv('a,b\nx,"1,5"\ry,2');
    expect(table.separator).toBe(',');
    expect(table.records).toEqual([
      { line: 2, fields: ['x', '1,5'] },
      { line: 3, fields: ['y', '2'] },
    ]);
  });

  it('skips blank lines and rows of empty cells, keeping the line numbers of the others', () => {
    const table = parseCsv('a;b\n\n;\nx;y\n;;\n\n');
    expect(table.records).toEqual([{ line: 4, fields: ['x', 'y'] }]);
  });

  it('drops a byte-order mark before the header', () => {
    expect(parseCsv('\uFEFFreferencia;nombre\nBT-1;Uno').header).toEqual(['referencia', 'nombre']);
  });

  it('keeps a quote inside an unquoted field, or after a closing quote, as text', () => {
    const [record] = parseCsvRecords('Tubo 12" largo;"cerrado"después;fin\n', ';');
    expect(record?.fields).toEqual(['Tubo 12" largo', '"cerrado"después', 'fin']);
  });

  it('reads a tab-separated file and drops the empty columns Excel leaves at the end of the header', () => {
    const table = parseCsv('referencia\tnombre\t\t\r\nBT-1\t"Uno\tdos"\t\t\r\n');
    expect(table.separator).toBe('\t');
    expect(table.header).toEqual(['referencia', 'nombre']);
    expect(table.records).toEqual([{ line: 2, fields: ['BT-1', 'Uno\tdos', '', ''] }]);
    expect(parseCsv('a;b;;;\nx;y;;;\n').header).toEqual(['a', 'b']);
  });

  it('refuses a quote that is never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a;b\nx;y\nz;"abierto\nsin cerrar')).toThrow(
      new CsvError('Hay unas comillas sin cerrar: el campo que empieza en la línea 3 no termina.'),
    );
  });

  it('refuses an empty file', () => {
    expect(() => parseCsv('\uFEFF\n\n')).toThrow(CsvError);
  });

  it('takes the more frequent separator of the header, quotes aside, and ; on a tie', () => {
    expect(detectSeparator('"a,b,c";d;e\nx,y,z,w')).toBe(';');
    expect(detectSeparator('a,b;c,d')).toBe(',');
    expect(detectSeparator('a\tb\tc;d')).toBe('\t');
    expect(detectSeparator('a\tb;c')).toBe(';');
    expect(detectSeparator('solo')).toBe(';');
  });

  const cell = fc.string({
    unit: fc.constantFrom('a', 'Ñ', 'é', ' ', ';', ',', '\t', '"', '\n', '\r', '\r\n', '€', '1'),
  });
  const rows = fc
    .array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 })
    .map((list) => {
      const width = Math.max(...list.map((row) => row.length));
      return list.map((row) => [...row, ...Array<string>(width - row.length).fill('x')]);
    })
    .filter((list) => list.every((row) => row.some((value) => value !== '')));

  it('reads back whatever formatCsv writes, with either separator (property)', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom(',' as const, ';' as const, '\t' as const), (list, separator) => {
        const parsed = parseCsvRecords(formatCsv(list, separator), separator);
        expect(parsed.map((record) => record.fields)).toEqual(list);
        expect(parsed.every((record) => record.problem === undefined)).toBe(true);
      }),
    );
  });

  it('numbers each record by the physical line it starts on (property)', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const parsed = parseCsvRecords(formatCsv(list, ';'), ';');
        let line = 1;
        list.forEach((row, index) => {
          expect(parsed[index]?.line).toBe(line);
          line += 1 + row.join(';').split(/\r\n|\r|\n/).length - 1;
        });
      }),
    );
  });

  it('never throws on arbitrary text without quotes (property)', () => {
    fc.assert(
      fc.property(
        fc.string().map((text) => text.replaceAll('"', '')),
        (text) => {
          expect(() => parseCsvRecords(text, ';')).not.toThrow();
        },
      ),
    );
  });
});

describe('decodeCsv', () => {
  it('decodes UTF-8 with or without a byte-order mark', () => {
    const bytes = new TextEncoder().encode('nombre\nEquinácea');
    expect(decodeCsv(bytes)).toEqual({ text: 'nombre\nEquinácea', encoding: 'UTF-8' });
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({
      text: 'nombre\nEquinácea',
      encoding: 'UTF-8',
    });
  });

  it("decodes Excel's Windows-1252, accents, ñ and the euro sign included", () => {
    // 'Equinácea; 12,50 €; Ñ' as Windows-1252 writes it.
    const bytes = new Uint8Array([
      ...Buffer.from('Equin', 'latin1'),
      0xe1,
      ...Buffer.from('cea;12,50 ', 'latin1'),
      0x80,
      0x3b,
      0xd1,
    ]);
    expect(decodeCsv(bytes)).toEqual({ text: 'Equinácea;12,50 €;Ñ', encoding: 'Windows-1252' });
  });
});
