/**
 * Reading one CSV cell into a value, with the reason in Spanish when it cannot be read: the rules of
 * `@botica/domain` (euros, tax ids, VAT rates, quantities) and the database's (lengths, no NUL).
 * Cells arrive trimmed; an empty cell of an optional column never reaches these readers.
 */
import { isValidSpanishTaxId, isVatRate, normaliseTaxId, parseEuros, type VatRate } from '@botica/domain';

/** A cell read into a value, or why not. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Reads a trimmed, non-empty cell. */
export type CellReader<T> = (text: string) => CellResult<T>;

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (reason: string): CellResult<never> => ({ ok: false, reason });

/** C0 controls but tab and line breaks, DEL, and lone surrogates: nothing a person means to import. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n]/;

/** The message for a cell holding a character that cannot be stored or shown. */
export const FORBIDDEN_CHARACTERS_REASON = 'Contiene caracteres no permitidos.';

/**
 * A text of at most `max` characters; on one line unless `multiline`.
 * @example text(200)('Equinácea Forte') // { ok: true, value: 'Equinácea Forte' }
 */
export function text(max: number, options: { multiline?: boolean } = {}): CellReader<string> {
  return (value) => {
    if (CONTROL.test(value) || !value.isWellFormed()) return fail(FORBIDDEN_CHARACTERS_REASON);
    if (!options.multiline && LINE_BREAK.test(value)) return fail('No puede tener saltos de línea.');
    if ([...value].length > max) return fail(`Tiene más de ${max} caracteres.`);
    return ok(value);
  };
}

/**
 * A code of letters, digits and `. _ / -` (a reference, a client code), at most `max` characters,
 * in upper case: `bt-10399` and `BT-10399` are one reference.
 */
export function code(max: number): CellReader<string> {
  return (value) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value))
      return fail('Solo puede tener letras sin acentos, cifras y los signos . _ / - (sin espacios).');
    if (value.length > max) return fail(`Tiene más de ${max} caracteres.`);
    return ok(value.toUpperCase());
  };
}

/** A category code: lower-case letters without accents, digits and single hyphens (`defensas`). */
export const slug: CellReader<string> = (value) => {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value))
    return fail(
      'Solo puede tener minúsculas sin acentos, cifras y guiones (por ejemplo «descanso-y-relax»).',
    );
  if (value.length > 80) return fail('Tiene más de 80 caracteres.');
  return ok(value);
};

/** The highest price or amount an import accepts: 100.000,00 €. */
export const MAX_IMPORT_CENTS = 10_000_000;

/**
 * An amount in euros as es-ES writes it (`12,50`, `1.234,56 €`, also `12.5`), into integer cents
 * with `parseEuros`; more than zero and at most 100.000 €.
 */
export const euros: CellReader<number> = (value) => {
  const cents = parseEuros(value);
  if (cents === null) return fail('No es un importe en euros (por ejemplo 12,50).');
  if (cents <= 0) return fail('Debe ser mayor que cero.');
  if (cents > MAX_IMPORT_CENTS) return fail('No puede pasar de 100.000,00 €.');
  return ok(cents);
};

/** A whole number from `min` to `max`; thousands may be grouped with dots (`1.200`). */
export function integer(min: number, max: number): CellReader<number> {
  return (value) => {
    if (/^-\d/.test(value)) return fail('No puede ser negativo.');
    if (!/^(\d{1,3}(\.\d{3})+|\d+)$/.test(value)) return fail('No es un número entero (por ejemplo 120).');
    const number = Number(value.replaceAll('.', ''));
    if (number < min || number > max) return fail(`Debe estar entre ${min} y ${max}.`);
    return ok(number);
  };
}

/** A percentage from 0 to 100 with at most two decimals, comma or dot, `%` optional (`7,5 %`). */
export const percent: CellReader<number> = (value) => {
  const compact = value.replace(/\s*%$/, '');
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(compact)) return fail('No es un porcentaje (por ejemplo 5 o 7,5).');
  const number = Number(compact.replace(',', '.'));
  if (number > 100) return fail('No puede pasar del 100 %.');
  return ok(number);
};

/** A VAT rate of the domain: 4, 10 or 21 (`21 %` and `21,00` too). */
export const vatRate: CellReader<VatRate> = (value) => {
  const read = percent(value);
  if (!read.ok || !isVatRate(read.value)) return fail('El IVA debe ser 4, 10 o 21.');
  return ok(read.value);
};

const TRUE_WORDS = new Set(['si', 'sí', 's', 'x', '1', 'true', 'verdadero', 'yes']);
const FALSE_WORDS = new Set(['no', 'n', '0', 'false', 'falso']);

/** Yes or no: `sí`, `si`, `s`, `x`, `1` / `no`, `n`, `0` (any case; also Excel's VERDADERO/FALSO). */
export const yesNo: CellReader<boolean> = (value) => {
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail('Debe ser «sí» o «no».');
};

/** A Spanish tax id (CIF, NIF or NIE) with valid check characters, normalised (`B12345674`). */
export const taxId: CellReader<string> = (value) => {
  const normalised = normaliseTaxId(value);
  if (!isValidSpanishTaxId(normalised))
    return fail('No es un CIF, NIF o NIE válido: revise la letra o el dígito de control.');
  return ok(normalised);
};

/** An e-mail address (one `@`, a dot in the domain, no spaces), at most 254 characters, lower case. */
export const email: CellReader<string> = (value) => {
  if (value.length > 254 || !/^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]+$/.test(value))
    return fail('No es una dirección de correo electrónico válida.');
  return ok(value.toLowerCase());
};

/** A Spanish postal code: five digits of a province (01–52). */
export const postalCode: CellReader<string> = (value) => {
  const padded = /^\d{4}$/.test(value) ? `0${value}` : value;
  if (!/^\d{5}$/.test(padded)) return fail('Debe tener cinco cifras (por ejemplo 28013).');
  const province = Number(padded.slice(0, 2));
  if (province < 1 || province > 52) return fail('No es un código postal español (01000–52999).');
  return ok(padded);
};

/**
 * A Spanish phone number of nine digits (spaces, dots, hyphens and a +34 prefix allowed), stored as
 * `912 345 678`.
 */
export const phone: CellReader<string> = (value) => {
  const digits = value.replace(/[\s.\-()]/g, '').replace(/^(\+|00)34/, '');
  if (!/^[6789]\d{8}$/.test(digits))
    return fail('Debe ser un teléfono español de nueve cifras (por ejemplo 912 345 678).');
  return ok(`${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);
};

/** A username: 3–60 letters without accents, digits and `. _ @ -`, in lower case (login ignores case). */
export const username: CellReader<string> = (value) => {
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(value))
    return fail('Solo puede tener letras sin acentos, cifras y los signos . _ @ - (sin espacios).');
  if (value.length < 3 || value.length > 60) return fail('Debe tener entre 3 y 60 caracteres.');
  return ok(value.toLowerCase());
};

/**
 * A list separated by `|` (`Vegano|Sin gluten`), each item read by `item`: empty items are dropped and
 * repeated ones kept once. The reason names the first item at fault.
 */
export function list<T>(item: CellReader<T>, options: { max?: number } = {}): CellReader<T[]> {
  return (value) => {
    const values: T[] = [];
    const seen = new Set<string>();
    for (const part of value.split('|').map((piece) => piece.trim())) {
      if (part === '') continue;
      const read = item(part);
      if (!read.ok) return fail(`«${part}»: ${read.reason}`);
      const key = JSON.stringify(read.value);
      if (!seen.has(key)) {
        seen.add(key);
        values.push(read.value);
      }
    }
    if (options.max !== undefined && values.length > options.max)
      return fail(`Tiene más de ${options.max} elementos.`);
    return ok(values);
  };
}

/** A volume tier: from `minQuantity` units, `discountPercent` off the price. */
export interface ImportedTier {
  minQuantity: number;
  discountPercent: number;
}

const tierQuantity = integer(2, 9999);

/**
 * Volume tiers written `units:percent` separated by `|` (`6:5|12:10|24:15`, decimals with a comma:
 * `12:7,5`): from 2 units, a discount above 0 and below 100 %, each tier for more units and a larger
 * discount than the one before.
 */
export const tiers: CellReader<ImportedTier[]> = (value) => {
  const result: ImportedTier[] = [];
  for (const part of value.split('|').map((piece) => piece.trim())) {
    if (part === '') continue;
    const match = /^([^:]+):(.+)$/.exec(part);
    if (!match) return fail(`«${part}»: escriba cada tramo como unidades:descuento (por ejemplo 6:5).`);
    const quantity = tierQuantity((match[1] as string).trim());
    if (!quantity.ok) return fail(`«${part}»: las unidades ${lowerFirst(quantity.reason)}`);
    const discount = percent((match[2] as string).trim());
    if (!discount.ok) return fail(`«${part}»: el descuento ${lowerFirst(discount.reason)}`);
    if (discount.value <= 0 || discount.value >= 100)
      return fail(`«${part}»: el descuento debe ser mayor que 0 y menor que 100.`);
    const previous = result.at(-1);
    if (previous && (quantity.value <= previous.minQuantity || discount.value <= previous.discountPercent))
      return fail(`«${part}»: cada tramo debe pedir más unidades y dar más descuento que el anterior.`);
    result.push({ minQuantity: quantity.value, discountPercent: discount.value });
  }
  if (result.length > 10) return fail('Tiene más de 10 tramos.');
  return ok(result);
};

function lowerFirst(reason: string): string {
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}
