import type { ProductLookupResult, ProductSummary } from '@botica/api-client/schemas';
import { parseCodeList, QUANTITY_MAX } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  addCode,
  codesToLookUp,
  EMPTY_GRID,
  insertRows,
  leftOver,
  lineStatus,
  nextLine,
  orderOf,
  type QuickGrid,
  removeLine,
  setCode,
  setQuantity,
} from './quick-order-grid.ts';

const product = (id: number): ProductSummary => ({
  id,
  reference: `BT-${10_000 + id}`,
  name: `Producto ${id}`,
  format: '60 cápsulas',
  price: 10,
  final_price: null,
  vat_rate: 10,
  stock: 'in_stock',
  image: { thumbnail: `/t/${id}`, miniproduct: `/m/${id}`, full: `/f/${id}` },
});

const found = (code: string, id: number): [string, ProductLookupResult] => [
  code,
  { code, kind: 'reference', product: product(id), problem: null, message: null },
];
const unknown = (code: string): [string, ProductLookupResult] => [
  code,
  {
    code,
    kind: 'reference',
    product: null,
    problem: 'unknown',
    message: 'No hay ningún producto con este código.',
  },
];

const codes = (grid: QuickGrid) => grid.lines.map((line) => [line.code, line.quantity]);

describe('the quick order grid', () => {
  it('Enter goes to the next line, and past the last one makes a new empty line', () => {
    let grid = setCode(EMPTY_GRID, 1, 'BT-10001');
    const first = nextLine(grid, 1);
    expect(first.grid.lines).toHaveLength(2);
    grid = first.grid;
    expect(first.key).toBe(grid.lines[1]?.key);
    grid = setCode(grid, first.key, 'BT-10002');
    const back = nextLine({ ...grid, lines: [...grid.lines] }, 1);
    expect(back.key).toBe(first.key);
    expect(back.grid.lines).toHaveLength(2);
  });

  it('pasted rows fill the empty line they were pasted in and follow it', () => {
    let grid = setCode(EMPTY_GRID, 1, 'BT-1');
    grid = nextLine(grid, 1).grid;
    grid = nextLine(grid, grid.lines[1]?.key as number).grid;
    grid = setCode(grid, grid.lines[2]?.key as number, 'BT-9');
    const pasted = insertRows(grid, parseCodeList('BT-2\t3\nBT-3\t4'), grid.lines[1]?.key);
    expect(codes(pasted.grid)).toEqual([
      ['BT-1', 1],
      ['BT-2', 3],
      ['BT-3', 4],
      ['BT-9', 1],
    ]);
    expect(pasted.key).toBe(pasted.grid.lines[2]?.key);
    const appended = insertRows(pasted.grid, parseCodeList('BT-4;2'));
    expect(codes(appended.grid).at(-1)).toEqual(['BT-4', 2]);
    expect(new Set(appended.grid.lines.map((line) => line.key)).size).toBe(5);
  });

  it('a scanned code adds a unit to its line, fills the empty last line, or makes a new one', () => {
    let grid = addCode(EMPTY_GRID, ' 8470001234568 ');
    expect(codes(grid)).toEqual([['8470001234568', 1]]);
    grid = addCode(grid, '8470001234568');
    grid = addCode(grid, 'BT-1');
    expect(codes(grid)).toEqual([
      ['8470001234568', 2],
      ['BT-1', 1],
    ]);
    expect(addCode(grid, '  ')).toBe(grid);
    const full = setQuantity(grid, grid.lines[1]?.key as number, QUANTITY_MAX);
    expect(codes(addCode(full, 'BT-1'))[1]).toEqual(['BT-1', QUANTITY_MAX]);
  });

  it('keeps one empty line when the last one is removed', () => {
    const grid = removeLine(setCode(EMPTY_GRID, 1, 'BT-1'), 1);
    expect(codes(grid)).toEqual([['', 1]]);
    expect(grid.lines[0]?.key).not.toBe(1);
  });

  it('asks only for the codes with no answer that are not on their way, once each', () => {
    let grid = insertRows(EMPTY_GRID, parseCodeList('BT-1\nBT-2\n bt-3 \nBT-1\nBT-4')).grid;
    grid = setCode(grid, grid.lines[4]?.key as number, '');
    const answered = new Map([found('BT-1', 1)]);
    expect(codesToLookUp(grid, answered, new Set(['BT-2']))).toEqual(['bt-3']);
    const long = insertRows(EMPTY_GRID, parseCodeList(`${'x'.repeat(41)}\nBT-5`)).grid;
    expect(long.lines[0]?.problem).toMatch(/40 caracteres/);
    expect(codesToLookUp(long, new Map(), new Set())).toEqual(['BT-5']);
  });

  it('merges the same product’s lines, lists what cannot be ordered, and counts what is still looked up', () => {
    const grid = insertRows(
      EMPTY_GRID,
      parseCodeList('BT-1\t2\nZZ-1\t1\n1234568\t3\nBT-2\t1,5\nBT-3\t1\nBT-9'),
    ).grid;
    const answered = new Map([
      found('BT-1', 1),
      unknown('ZZ-1'),
      found('1234568', 1),
      found('BT-2', 2),
      found('BT-3', 3),
    ]);
    const order = orderOf(grid, answered);
    expect(order.lines.map((line) => [line.product.id, line.quantity, line.lineNumbers])).toEqual([
      [1, 5, [1, 3]],
      [3, 1, [5]],
    ]);
    expect(order.problems.map((problem) => [problem.lineNumber, problem.code])).toEqual([
      [2, 'ZZ-1'],
      [4, 'BT-2'],
    ]);
    expect(order.problems[1]?.message).toMatch(/sin decimales/);
    expect(order.pending).toBe(1);
    expect(lineStatus(grid.lines[5] as QuickGrid['lines'][number], answered)).toEqual({ kind: 'looking' });
    expect(codes(leftOver(grid, order.problems))).toEqual([
      ['ZZ-1', 1],
      ['BT-2', 1],
    ]);
    expect(codes(leftOver(grid, []))).toEqual([['', 1]]);
  });

  it('a corrected line loses the problem it was pasted with', () => {
    const grid = insertRows(EMPTY_GRID, parseCodeList('BT-2;1,5')).grid;
    const key = grid.lines[0]?.key as number;
    expect(grid.lines[0]?.problem).not.toBeNull();
    expect(setQuantity(grid, key, 2).lines[0]?.problem).toBeNull();
  });
});
