import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError, indexHeader, normaliseHeader, optional, readRow, required } from './columns.ts';
import {
  code,
  email,
  euros,
  integer,
  list,
  percent,
  phone,
  postalCode,
  taxId,
  text,
  tiers,
  username,
  vatRate,
  yesNo,
} from './fields.ts';

const value = <T>(result: { ok: true; value: T } | { ok: false; reason: string }) =>
  result.ok ? result.value : `ERROR: ${result.reason}`;

describe('cell readers', () => {
  it('reads euros as es-ES writes them into cents, more than zero and at most 100.000 €', () => {
    expect(value(euros('12,50'))).toBe(1250);
    expect(value(euros('1.234,56 €'))).toBe(123456);
    expect(value(euros('12.5'))).toBe(1250);
    expect(value(euros('0,00'))).toBe('ERROR: Debe ser mayor que cero.');
    expect(value(euros('doce'))).toMatch(/No es un importe/);
    expect(value(euros('12,345'))).toMatch(/No es un importe/);
    expect(value(euros('100.000,01'))).toMatch(/100\.000,00/);
  });

  it('reads any amount formatted with two decimal commas back to the same cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const written = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(value(euros(written))).toBe(cents);
      }),
    );
  });

  it('reads the VAT rates of the domain only', () => {
    expect(value(vatRate('21'))).toBe(21);
    expect(value(vatRate('10 %'))).toBe(10);
    expect(value(vatRate('4,00'))).toBe(4);
    expect(value(vatRate('7'))).toBe('ERROR: El IVA debe ser 4, 10 o 21.');
  });

  it('reads whole numbers with grouped thousands and refuses negatives and decimals', () => {
    expect(value(integer(0, 10_000)('1.200'))).toBe(1200);
    expect(value(integer(0, 10)('-4'))).toBe('ERROR: No puede ser negativo.');
    expect(value(integer(0, 10)('2,5'))).toMatch(/entero/);
    expect(value(integer(0, 10)('11'))).toBe('ERROR: Debe estar entre 0 y 10.');
  });

  it('reads percentages with a comma or a dot, up to 100', () => {
    expect(value(percent('7,5'))).toBe(7.5);
    expect(value(percent('12.75 %'))).toBe(12.75);
    expect(value(percent('101'))).toMatch(/100/);
  });

  it('checks tax ids with the domain and normalises them', () => {
    expect(value(taxId('b-4801234.8'))).toBe('B48012348');
    expect(value(taxId('50.123.456-q'))).toBe('50123456Q');
    expect(value(taxId('B48012349'))).toMatch(/dígito de control/);
  });

  it('reads yes and no in Spanish, e-mails, postal codes, phones, codes and usernames', () => {
    expect([yesNo('Sí'), yesNo('x'), yesNo('NO'), yesNo('VERDADERO')].map(value)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(value(yesNo('quizá'))).toMatch(/sí/);
    expect(value(email('Info@Farmacia.example'))).toBe('info@farmacia.example');
    expect(value(email('info@farmacia'))).toMatch(/correo/);
    expect(value(postalCode('8001'))).toBe('08001');
    expect(value(postalCode('53001'))).toMatch(/01000/);
    expect(value(phone('+34 912.345.678'))).toBe('912 345 678');
    expect(value(phone('12345'))).toMatch(/nueve cifras/);
    expect(value(code(40)('bt-10399'))).toBe('BT-10399');
    expect(value(code(40)('BT 10399'))).toMatch(/sin espacios/);
    expect(value(username('Farmacia.Martin'))).toBe('farmacia.martin');
  });

  it('refuses NUL and other control characters, and line breaks outside a multiline text', () => {
    expect(value(text(50)('a\u0000b'))).toBe('ERROR: Contiene caracteres no permitidos.');
    expect(value(text(50)('a\u001bb'))).toBe('ERROR: Contiene caracteres no permitidos.');
    expect(value(text(50)('a\nb'))).toMatch(/saltos de línea/);
    expect(value(text(50, { multiline: true })('a\r\nb\tc'))).toBe('a\r\nb\tc');
    expect(value(text(3)('Ñandú'))).toMatch(/más de 3/);
  });

  it('reads lists separated by |, dropping empty and repeated items', () => {
    expect(value(list(text(20))('Vegano| Sin gluten ||Vegano'))).toEqual(['Vegano', 'Sin gluten']);
    expect(value(list(code(5))('A|toolong'))).toMatch(/«toolong»/);
  });

  it('reads volume tiers that ask more units for more discount each', () => {
    expect(value(tiers('6:5|12:7,5|24:10'))).toEqual([
      { minQuantity: 6, discountPercent: 5 },
      { minQuantity: 12, discountPercent: 7.5 },
      { minQuantity: 24, discountPercent: 10 },
    ]);
    expect(value(tiers('6'))).toMatch(/unidades:descuento/);
    expect(value(tiers('1:5'))).toMatch(/las unidades debe estar entre 2/);
    expect(value(tiers('6:0'))).toMatch(/mayor que 0/);
    expect(value(tiers('12:10|6:5'))).toMatch(/más unidades/);
    expect(value(tiers('6:10|12:5'))).toMatch(/más descuento/);
  });
});

describe('header and rows', () => {
  const columns = {
    reference: required('referencia', code(40), ''),
    price: required('precio', euros, ''),
    description: optional('descripcion', text(100), ''),
    stock: optional('stock', integer(0, 100), ''),
  };

  it('matches header names regardless of case, accents and spaces', () => {
    expect(normaliseHeader(' Descripción ')).toBe('descripcion');
    expect(normaliseHeader('Código postal')).toBe('codigo_postal');
    const index = indexHeader(['Referencia', 'PRECIO', 'Descripción'], columns, 'productos');
    expect([...index]).toEqual([
      ['reference', 0],
      ['price', 1],
      ['description', 2],
    ]);
  });

  it('refuses unknown, repeated and missing columns, naming them all and listing the valid ones', () => {
    expect(() => indexHeader(['referencia', 'colour', 'referencia'], columns, 'productos')).toThrow(
      ImportFileError,
    );
    try {
      indexHeader(['referencia', 'colour', 'Referencia'], columns, 'productos');
    } catch (error) {
      expect((error as Error).message).toContain('la columna «colour» no es de este tipo de fichero');
      expect((error as Error).message).toContain('la columna «referencia» aparece dos veces');
      expect((error as Error).message).toContain('falta la columna obligatoria «precio»');
      expect((error as Error).message).toContain('referencia*, precio*, descripcion, stock');
    }
  });

  it('gives absent optional columns as undefined and empty cells as null, and lists every problem', () => {
    const index = indexHeader(['referencia', 'precio', 'stock'], columns, 'productos');
    expect(readRow(columns, index, 3, { line: 2, fields: [' bt-1 ', '12,50', ''] })).toEqual({
      ok: true,
      values: { reference: 'BT-1', price: 1250, description: undefined, stock: null },
    });
    expect(readRow(columns, index, 3, { line: 5, fields: ['', 'gratis', '7'] })).toEqual({
      ok: false,
      rejections: [
        { line: 5, column: 'referencia', value: '', reason: 'Es obligatorio.' },
        {
          line: 5,
          column: 'precio',
          value: 'gratis',
          reason: 'No es un importe en euros (por ejemplo 12,50).',
        },
      ],
    });
    const short = readRow(columns, index, 3, { line: 9, fields: ['BT-1', '1'] });
    expect(short.ok === false && short.rejections[0]?.reason).toMatch(/2 columnas y la cabecera 3/);
    expect(readRow(columns, index, 3, { line: 9, fields: ['BT-1', '1', '2', ''] }).ok).toBe(true);
  });
});
