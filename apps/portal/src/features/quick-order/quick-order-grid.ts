/**
 * The quick order's grid as plain data: lines of a code and a quantity, typed, pasted, uploaded or
 * scanned, and what the lookup said of each code. No store and no API, so every rule is tested alone.
 */
import type { ProductLookupResult, ProductSummary } from '@botica/api-client/schemas';
import {
  type CodeListRow,
  normaliseQuantity,
  QUANTITY_MAX,
  QUICK_ORDER_CODE_MAX_LENGTH,
} from '@botica/domain';

/** One line of the grid. */
export interface QuickLine {
  /** Stable across edits: the line's identity for React and for focus. */
  key: number;
  /** The code as typed. */
  code: string;
  quantity: number;
  /** What was wrong with the line as pasted (a decimal quantity, say), until it is edited. */
  problem: string | null;
}

/** The grid: its lines, and the key the next line gets. */
export interface QuickGrid {
  lines: QuickLine[];
  nextKey: number;
}

/** One empty line, ready to type in. */
export const EMPTY_GRID: QuickGrid = {
  lines: [{ key: 1, code: '', quantity: 1, problem: null }],
  nextKey: 2,
};

/** The code as looked up: trimmed; an empty code is never looked up. */
export function lookupCode(code: string): string {
  return code.trim();
}

function line(grid: QuickGrid, code: string, quantity: number, problem: string | null = null) {
  return { line: { key: grid.nextKey, code, quantity, problem }, nextKey: grid.nextKey + 1 };
}

/** Changes a line's code (its pasted problem goes: the pharmacist is correcting it). */
export function setCode(grid: QuickGrid, key: number, code: string): QuickGrid {
  return {
    ...grid,
    lines: grid.lines.map((entry) => (entry.key === key ? { ...entry, code, problem: null } : entry)),
  };
}

/** Changes a line's quantity, normalised as the cart takes it (1 to 9.999 units). */
export function setQuantity(grid: QuickGrid, key: number, quantity: number): QuickGrid {
  return {
    ...grid,
    lines: grid.lines.map((entry) =>
      entry.key === key ? { ...entry, quantity: normaliseQuantity(quantity), problem: null } : entry,
    ),
  };
}

/** Removes a line; the grid keeps one empty line when it would have none. */
export function removeLine(grid: QuickGrid, key: number): QuickGrid {
  const lines = grid.lines.filter((entry) => entry.key !== key);
  if (lines.length > 0) return { ...grid, lines };
  const added = line(grid, '', 1);
  return { lines: [added.line], nextKey: added.nextKey };
}

/**
 * The line after `key` (Enter in a line's field): its key, and the grid with a new empty line at the
 * end when `key` was the last.
 */
export function nextLine(grid: QuickGrid, key: number): { grid: QuickGrid; key: number } {
  const index = grid.lines.findIndex((entry) => entry.key === key);
  const following = grid.lines[index + 1];
  if (following) return { grid, key: following.key };
  const added = line(grid, '', 1);
  return { grid: { lines: [...grid.lines, added.line], nextKey: added.nextKey }, key: added.line.key };
}

/**
 * Puts pasted or uploaded rows in the grid at the line `key` (the end when undefined): the line
 * itself takes the first row when it is empty, the others follow it. Returns the last new line's key.
 */
export function insertRows(
  grid: QuickGrid,
  rows: readonly CodeListRow[],
  key?: number,
): { grid: QuickGrid; key: number | undefined } {
  if (rows.length === 0) return { grid, key };
  let nextKey = grid.nextKey;
  const made = rows.map((row) => ({
    key: nextKey++,
    code: row.code,
    quantity: row.quantity,
    problem: row.problem,
  }));
  const at = key === undefined ? grid.lines.length - 1 : grid.lines.findIndex((entry) => entry.key === key);
  const target = grid.lines[at];
  const replace = target !== undefined && target.code.trim() === '';
  const before = grid.lines.slice(0, replace ? at : at + 1);
  const after = grid.lines.slice(at + 1);
  return { grid: { lines: [...before, ...made, ...after], nextKey }, key: made[made.length - 1]?.key };
}

/**
 * A code scanned (or typed by a scanner): one more unit on the line that holds the same code, else
 * the code on the last line when it is empty, else on a new line at the end.
 */
export function addCode(grid: QuickGrid, code: string): QuickGrid {
  const wanted = lookupCode(code);
  if (wanted === '') return grid;
  const existing = grid.lines.find((entry) => lookupCode(entry.code) === wanted);
  if (existing) {
    return {
      ...grid,
      lines: grid.lines.map((entry) =>
        entry === existing ? { ...entry, quantity: Math.min(QUANTITY_MAX, entry.quantity + 1) } : entry,
      ),
    };
  }
  const last = grid.lines[grid.lines.length - 1];
  if (last && last.code.trim() === '') {
    return {
      ...grid,
      lines: grid.lines.map((entry) => (entry === last ? { ...entry, code: wanted } : entry)),
    };
  }
  const added = line(grid, wanted, 1);
  return { lines: [...grid.lines, added.line], nextKey: added.nextKey };
}

/**
 * The codes of the grid that have no answer yet and are not being looked up. A code longer than any
 * code can be is left out: its line says so already, and the server would refuse the whole batch.
 */
export function codesToLookUp(
  grid: QuickGrid,
  answered: ReadonlyMap<string, ProductLookupResult>,
  inFlight: ReadonlySet<string>,
): string[] {
  const codes = new Set<string>();
  for (const entry of grid.lines) {
    const code = lookupCode(entry.code);
    if (code === '' || code.length > QUICK_ORDER_CODE_MAX_LENGTH) continue;
    if (!answered.has(code) && !inFlight.has(code)) codes.add(code);
  }
  return [...codes];
}

/** A line as the page shows it: its state and, once recognised, its product. */
export type LineStatus =
  | { kind: 'empty' }
  | { kind: 'looking' }
  | { kind: 'problem'; message: string }
  | { kind: 'product'; product: ProductSummary };

/** What a line shows, from the lookup's answers. */
export function lineStatus(entry: QuickLine, answered: ReadonlyMap<string, ProductLookupResult>): LineStatus {
  const code = lookupCode(entry.code);
  if (code === '') return entry.problem ? { kind: 'problem', message: entry.problem } : { kind: 'empty' };
  if (entry.problem) return { kind: 'problem', message: entry.problem };
  const result = answered.get(code);
  if (!result) return { kind: 'looking' };
  if (result.product) return { kind: 'product', product: result.product };
  return { kind: 'problem', message: result.message ?? 'Este código no se puede pedir.' };
}

/** A product of the order: its units from every line that names it, and those lines' numbers (from 1). */
export interface OrderLine {
  product: ProductSummary;
  quantity: number;
  lineNumbers: number[];
}

/** A line that cannot be ordered as it stands, with its number (from 1) and why. */
export interface LineProblem {
  key: number;
  lineNumber: number;
  code: string;
  message: string;
}

/**
 * What 'Añadir todo a mi pedido' would add: the recognised lines, one per product (the same product
 * on two lines adds their units, never past 9.999), and the lines it leaves out with their reasons.
 * `pending` counts the lines still being looked up.
 */
export function orderOf(
  grid: QuickGrid,
  answered: ReadonlyMap<string, ProductLookupResult>,
): { lines: OrderLine[]; problems: LineProblem[]; pending: number } {
  const byProduct = new Map<number, OrderLine>();
  const problems: LineProblem[] = [];
  let pending = 0;
  grid.lines.forEach((entry, index) => {
    const status = lineStatus(entry, answered);
    if (status.kind === 'looking') pending += 1;
    if (status.kind === 'problem') {
      problems.push({ key: entry.key, lineNumber: index + 1, code: entry.code, message: status.message });
    }
    if (status.kind !== 'product') return;
    const existing = byProduct.get(status.product.id);
    if (existing) {
      existing.quantity = Math.min(QUANTITY_MAX, existing.quantity + entry.quantity);
      existing.lineNumbers.push(index + 1);
    } else {
      byProduct.set(status.product.id, {
        product: status.product,
        quantity: entry.quantity,
        lineNumbers: [index + 1],
      });
    }
  });
  return { lines: [...byProduct.values()], problems, pending };
}

/** The grid after the recognised lines went to the cart: only the lines left out, or one empty line. */
export function leftOver(grid: QuickGrid, problems: readonly LineProblem[]): QuickGrid {
  const keep = new Set(problems.map((problem) => problem.key));
  const lines = grid.lines.filter((entry) => keep.has(entry.key));
  return lines.length > 0 ? { ...grid, lines } : removeLine({ ...grid, lines: [] }, -1);
}
