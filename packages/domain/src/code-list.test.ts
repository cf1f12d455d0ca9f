import { describe, expect, it } from 'vitest';
import { CODE_LIST_MESSAGES, parseCodeList } from './code-list.ts';

describe('parseCodeList', () => {
  it('reads two columns pasted from a spreadsheet, tab separated', () => {
    expect(parseCodeList('BT-10399\t3\n123456.8\t12\r\n8470001234568\t1\n')).toEqual([
      { code: 'BT-10399', quantity: 3, line: 1, problem: null },
      { code: '123456.8', quantity: 12, line: 2, problem: null },
      { code: '8470001234568', quantity: 1, line: 3, problem: null },
    ]);
  });

  it('skips a header row and blank lines, and counts lines as written', () => {
    expect(parseCodeList('Código;Cantidad\n\nBT-10399;2\n  \n;\nbt 10400;5')).toEqual([
      { code: 'BT-10399', quantity: 2, line: 3, problem: null },
      { code: 'bt 10400', quantity: 5, line: 6, problem: null },
    ]);
  });

  it('skips a header whose quantity column is named in words', () => {
    expect(parseCodeList('ref,uds\nBT-1,4').map((row) => row.code)).toEqual(['BT-1']);
    expect(parseCodeList('articulo\tunidades\nBT-1\t4').map((row) => row.code)).toEqual(['BT-1']);
  });

  it('skips a header of one column', () => {
    expect(parseCodeList('Código\nBT-1').map((row) => row.code)).toEqual(['BT-1']);
  });

  it('keeps a first line that is a code', () => {
    expect(parseCodeList('BT-1;2\nBT-2;3').map((row) => row.code)).toEqual(['BT-1', 'BT-2']);
  });

  it('takes 1 unit when the quantity column is missing or blank', () => {
    expect(parseCodeList('BT-1\nBT-2\t\nBT-3\t7')).toEqual([
      { code: 'BT-1', quantity: 1, line: 1, problem: null },
      { code: 'BT-2', quantity: 1, line: 2, problem: null },
      { code: 'BT-3', quantity: 7, line: 3, problem: null },
    ]);
  });

  it('refuses Spanish decimal commas as quantities instead of reading 1 or 15', () => {
    expect(parseCodeList('BT-1;1,5\nBT-2;2.5')).toEqual([
      { code: 'BT-1', quantity: 1, line: 1, problem: CODE_LIST_MESSAGES.quantityDecimal },
      { code: 'BT-2', quantity: 1, line: 2, problem: CODE_LIST_MESSAGES.quantityDecimal },
    ]);
    expect(parseCodeList('BT-1\t1,5')[0]?.problem).toBe(CODE_LIST_MESSAGES.quantityDecimal);
  });

  it('reads a quoted comma CSV cell with the separator inside as one cell', () => {
    expect(parseCodeList('"BT-1","1,5"\n"BT ""2""",3')).toEqual([
      { code: 'BT-1', quantity: 1, line: 1, problem: CODE_LIST_MESSAGES.quantityDecimal },
      { code: 'BT "2"', quantity: 3, line: 2, problem: null },
    ]);
  });

  it('names the other problems of a line', () => {
    const rows = parseCodeList(`BT-1;0\nBT-2;10000\nBT-3;muchas\n;4\n${'x'.repeat(41)};1`);
    expect(rows.map((row) => row.problem)).toEqual([
      CODE_LIST_MESSAGES.quantityZero,
      CODE_LIST_MESSAGES.quantityTooLarge,
      CODE_LIST_MESSAGES.quantityNotNumber,
      CODE_LIST_MESSAGES.codeMissing,
      CODE_LIST_MESSAGES.codeTooLong,
    ]);
  });

  it('ignores a byte order mark and columns past the quantity', () => {
    expect(parseCodeList('\uFEFFBT-1;2;Jalea real')).toEqual([
      { code: 'BT-1', quantity: 2, line: 1, problem: null },
    ]);
  });

  it('gives nothing for an empty text', () => {
    expect(parseCodeList('')).toEqual([]);
    expect(parseCodeList('\n\n')).toEqual([]);
  });
});
