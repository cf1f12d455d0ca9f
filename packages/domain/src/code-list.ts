/**
 * A list of product codes and quantities as a pharmacist brings it: pasted from a spreadsheet (tab
 * separated), or a CSV exported from one (';' in Spanish locales, ',' elsewhere). The code comes
 * first and the quantity, if any, second; other columns are ignored.
 */
import { QUANTITY_MAX } from './quantity.ts';

/** The longest code a quick order takes: longer text is not a code. */
export const QUICK_ORDER_CODE_MAX_LENGTH = 40;

/** The Spanish messages of a pasted list's problems. */
export const CODE_LIST_MESSAGES = {
  codeMissing: 'Falta el código.',
  codeTooLong: `El código no puede tener más de ${QUICK_ORDER_CODE_MAX_LENGTH} caracteres.`,
  quantityDecimal: 'La cantidad debe ser un número entero de unidades, sin decimales.',
  quantityNotNumber: 'La cantidad debe ser un número de unidades.',
  quantityZero: 'La cantidad debe ser al menos 1.',
  quantityTooLarge: `La cantidad no puede pasar de ${QUANTITY_MAX} unidades.`,
} as const;

/** One line of a pasted list: the code as written, its units, the line number in the text. */
export interface CodeListRow {
  /** The code, trimmed, as written. */
  code: string;
  /** The units asked for; 1 when the line has no quantity or a wrong one. */
  quantity: number;
  /** The line of the text it came from, from 1. */
  line: number;
  /** What is wrong with the line in Spanish, or null. */
  problem: string | null;
}

const HEADER_WORDS =
  /^(c[oó]d(igo)?|code|ref(erencia)?|cn|c\.?n\.?|ean|gtin|art[ií]culo|producto|cantidad|unidades|uds?)\b/i;

/** The separator of the text: a tab wherever one appears, else ';', else ','. */
function separatorOf(lines: readonly string[]): string {
  if (lines.some((line) => line.includes('\t'))) return '\t';
  if (lines.some((line) => line.includes(';'))) return ';';
  return ',';
}

/** The cells of a line; double quotes enclose a cell that holds the separator ('""' is a quote). */
function cellsOf(line: string, separator: string): [string, ...string[]] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] as string;
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  cells.push(cell.trim());
  return cells as [string, ...string[]];
}

/** The units of a quantity cell, or the problem with it; a blank cell is 1. */
function quantityOf(cell: string | undefined): { quantity: number; problem: string | null } {
  const text = (cell ?? '').trim();
  if (text === '') return { quantity: 1, problem: null };
  if (/^\d+$/.test(text)) {
    const quantity = Number(text);
    if (quantity < 1) return { quantity: 1, problem: CODE_LIST_MESSAGES.quantityZero };
    if (quantity > QUANTITY_MAX) return { quantity: 1, problem: CODE_LIST_MESSAGES.quantityTooLarge };
    return { quantity, problem: null };
  }
  if (/^\d*[.,]\d+$/.test(text)) return { quantity: 1, problem: CODE_LIST_MESSAGES.quantityDecimal };
  return { quantity: 1, problem: CODE_LIST_MESSAGES.quantityNotNumber };
}

/** Whether the first line names its columns rather than holding a code. */
function isHeader(cells: readonly [string, ...string[]]): boolean {
  if (HEADER_WORDS.test(cells[0])) return true;
  const second = cells[1] ?? '';
  return second !== '' && /^\p{L}/u.test(second);
}

/**
 * The rows of a pasted or uploaded list: code first, quantity (optional, 1 when missing) second.
 * Blank lines are skipped, and so is a first line that names the columns ('Código;Cantidad').
 * Quantities must be whole units: '1,5' (a Spanish decimal) is refused rather than read as 1 or 15.
 * @example parseCodeList('BT-10399\t3\n1234568') // [{ code: 'BT-10399', quantity: 3, line: 1, … }, { code: '1234568', quantity: 1, line: 2, … }]
 */
export function parseCodeList(text: string): CodeListRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const separator = separatorOf(lines);
  const rows: CodeListRow[] = [];
  let first = true;
  lines.forEach((raw, index) => {
    const cells = cellsOf(raw, separator);
    if (cells.every((cell) => cell === '')) return;
    if (first) {
      first = false;
      if (isHeader(cells)) return;
    }
    const code = cells[0];
    const { quantity, problem: quantityProblem } = quantityOf(cells[1]);
    const codeProblem =
      code === ''
        ? CODE_LIST_MESSAGES.codeMissing
        : code.length > QUICK_ORDER_CODE_MAX_LENGTH
          ? CODE_LIST_MESSAGES.codeTooLong
          : null;
    rows.push({ code, quantity, line: index + 1, problem: codeProblem ?? quantityProblem });
  });
  return rows;
}
