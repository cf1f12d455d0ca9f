import fc from 'fast-check';
import iconv from 'iconv-lite';
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

  it('detects the comma separator and accepts LF or CR line ends and a missing final line end', () => {
    for (const end of ['\n', '\r']) {
      const table = parseCsv(`a,b${end}x,"1,5"${end}y,2`);
      expect(table.separator).toBe(',');
      expect(table.records).toEqual([
        { line: 2, fields: ['x', '1,5'] },
        { line: 3, fields: ['y', '2'] },
      ]);
    }
  });

  it('skips blank lines and rows of empty cells, keeping the line numbers of the others', () => {
    const table = parseCsv('a;b\n\n;\nx;y\n;;\n\n');
    expect(table.records).toEqual([{ line: 4, fields: ['x', 'y'] }]);
  });

  it('drops a byte-order mark before the header', () => {
    expect(parseCsv('\uFEFFreferencia;nombre\nBT-1;Uno').header).toEqual(['referencia', 'nombre']);
  });

  it('keeps a quote inside an unquoted field, and text after a closing quote, as written', () => {
    const [record] = parseCsvRecords('Tubo 12" largo;"cerrado"después;fin\n', ';');
    expect(record?.fields).toEqual(['Tubo 12" largo', '"cerrado"después', 'fin']);
  });

  it('refuses a quote that is never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a;b\nx;y\nz;"abierto\nsin cerrar')).toThrow(
      new CsvError('Hay unas comillas sin cerrar: el campo que empieza en la línea 3 no termina.'),
    );
  });

  it("leaves out Excel's trailing empty columns and lines, keeping an unnamed column with data", () => {
    const excel = 'referencia;nombre;;;\r\nBT-1;Uno;;;\r\nBT-2;Dos;;;\r\n;;;;\r\n;;;;\r\n';
    expect(parseCsv(excel)).toEqual({
      separator: ';',
      header: ['referencia', 'nombre'],
      records: [
        { line: 2, fields: ['BT-1', 'Uno', '', '', ''] },
        { line: 3, fields: ['BT-2', 'Dos', '', '', ''] },
      ],
    });
    const withData = 'referencia;nombre;;;\r\nBT-1;Uno;;;\r\nBT-2;Dos;;nota;\r\n';
    expect(parseCsv(withData).header).toEqual(['referencia', 'nombre', '', '']);
  });

  it('reads a tab-separated file with CRLF line ends and quoted fields', () => {
    const text =
      'referencia\tnombre\tdescripcion\r\nBT-1\t"Uno\tdos"\t"Dice ""sí""; vale,\r\nsegunda línea"\r\nBT-2\tDos\t\r\n';
    expect(parseCsv(text)).toEqual({
      separator: '\t',
      header: ['referencia', 'nombre', 'descripcion'],
      records: [
        { line: 2, fields: ['BT-1', 'Uno\tdos', 'Dice "sí"; vale,\r\nsegunda línea'] },
        { line: 4, fields: ['BT-2', 'Dos', ''] },
      ],
    });
  });

  it('refuses a header with none of the separators, in Spanish', () => {
    expect(() => parseCsv('referencia|nombre|precio\nBT-1|Uno|1,00\n')).toThrow(
      new CsvError(
        'No se reconoce el separador de columnas: la cabecera no tiene punto y coma (;), comas (,) ni tabuladores. En Excel, use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)».',
      ),
    );
  });

  it('refuses an empty file', () => {
    expect(() => parseCsv('\uFEFF\n\n')).toThrow(CsvError);
  });

  it('takes the more frequent separator of the header, quotes aside, and ; then tab on a tie', () => {
    expect(detectSeparator('"a,b,c";d;e\nx,y,z,w')).toBe(';');
    expect(detectSeparator('a,b;c,d')).toBe(',');
    expect(detectSeparator('a\tb;c\td,e')).toBe('\t');
    expect(detectSeparator('a\tb;c')).toBe(';');
    expect(detectSeparator('solo|sin|separador')).toBeUndefined();
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

  it('reads back whatever formatCsv writes, with any separator (property)', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom(',' as const, ';' as const, '\t' as const), (list, separator) => {
        const parsed = parseCsvRecords(formatCsv(list, separator), separator);
        expect(parsed.map((record) => record.fields)).toEqual(list);
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
  it('decodes UTF-8 with or without a byte-order mark, and says which', () => {
    const bytes = new TextEncoder().encode('nombre\nEquinácea');
    expect(decodeCsv(bytes)).toEqual({ text: 'nombre\nEquinácea', encoding: 'UTF-8' });
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({
      text: 'nombre\nEquinácea',
      encoding: 'UTF-8 con BOM',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, the euro sign and accents included', () => {
    const bytes = iconv.encode('nombre;precio\r\nCafé «Ñandú»;12 €\r\n', 'win1252');
    expect(decodeCsv(bytes)).toEqual({
      text: 'nombre;precio\r\nCafé «Ñandú»;12 €\r\n',
      encoding: 'Windows-1252',
    });
  });

  it('refuses a workbook, UTF-16 and binary bytes, in Spanish with advice for Excel', () => {
    expect(() => decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toThrow(
      /es un libro de Excel \(\.xlsx\), no un CSV\. En Excel, use «Guardar como» y elija «CSV UTF-8/,
    );
    expect(() => decodeCsv(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toThrow(/está en UTF-16/);
    expect(() => decodeCsv(new Uint8Array([0x61, 0x3b, 0x62, 0x0a, 0x63, 0x00, 0x64]))).toThrow(
      new CsvError(
        'El fichero no es texto en UTF-8 ni en Windows-1252: la línea 2 tiene un carácter que no es de texto (byte 6). En Excel, use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)».',
      ),
    );
    // Other control characters are the cells' concern: each such cell is refused with its line.
    expect(decodeCsv(new Uint8Array([0x61, 0x3b, 0x0b, 0x62])).text).toBe('a;\u000bb');
    // 0x81 is valid inside UTF-8 (Á is C3 81) but undefined in Windows-1252.
    expect(decodeCsv(new TextEncoder().encode('Árnica')).text).toBe('Árnica');
    expect(() => decodeCsv(new Uint8Array([0x61, 0xe9, 0x81]))).toThrow(/byte 3/);
  });
});
