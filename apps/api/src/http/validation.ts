/**
 * Request validation with the api-client's zod schemas: a failed parse becomes a 422 with the
 * messages per field (`{ 'products.0.quantity': ['…'] }`), in Spanish. Every text of a request is
 * also checked here, once for all schemas: a NUL character (which PostgreSQL's `text` refuses) or a
 * lone UTF-16 surrogate (which cannot be stored as UTF-8) is a 422, never a failed query.
 */
import { formatCount } from '@botica/domain';
import * as z from 'zod/mini';
import { type FieldErrors, HttpError } from './errors.ts';

let configured = false;

/** A limit as es-ES text: '9.999', '0,5'. */
function number(value: number | bigint): string {
  const limit = Number(value);
  return Number.isSafeInteger(limit) ? formatCount(limit) : String(limit).replace('.', ',');
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean): string {
  if (origin === 'string') return `Debe tener como máximo ${number(maximum)} caracteres.`;
  if (origin === 'array') return `Debe tener como máximo ${number(maximum)} elementos.`;
  if (Number(maximum) > 1e12) return 'El número es demasiado grande.';
  return inclusive ? `Debe ser como máximo ${number(maximum)}.` : `Debe ser menor que ${number(maximum)}.`;
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean): string {
  if (origin === 'string')
    return Number(minimum) <= 1
      ? 'Este campo es obligatorio.'
      : `Debe tener al menos ${number(minimum)} caracteres.`;
  if (origin === 'array') return `Debe tener al menos ${number(minimum)} elementos.`;
  return inclusive ? `Debe ser como mínimo ${number(minimum)}.` : `Debe ser mayor que ${number(minimum)}.`;
}

/**
 * Gives zod Spanish messages (and plainer ones for the common cases). Global to the process, so the
 * server sets it once at start; the api-client never does.
 */
export function configureSpanishMessages(): void {
  if (configured) return;
  configured = true;
  const spanish = z.locales.es();
  z.config({
    ...spanish,
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'Este campo es obligatorio.';
      if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Debe ser un número entero.';
      if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Debe ser un número.';
      if (issue.code === 'invalid_type' && issue.expected === 'string') return 'Debe ser un texto.';
      if (issue.code === 'invalid_type' && issue.expected === 'array') return 'Debe ser una lista.';
      if (issue.code === 'invalid_type' && issue.expected === 'object') return 'Debe ser un objeto.';
      if (issue.code === 'too_big') return tooBig(issue.origin, issue.maximum, issue.inclusive !== false);
      if (issue.code === 'too_small') return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false);
      return undefined;
    },
  });
}

function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The message of a text with a character that cannot be stored (NUL, a lone surrogate). */
export const FORBIDDEN_CHARACTERS_MESSAGE = 'Contiene caracteres no permitidos.';

/** Field errors built key by key; a key may be any text, `__proto__` and `toString` included. */
class FieldErrorList {
  readonly #messages = new Map<string, string[]>();
  add(key: string, message: string): void {
    const list = this.#messages.get(key);
    if (!list) this.#messages.set(key, [message]);
    else if (!list.includes(message)) list.push(message);
  }
  get size(): number {
    return this.#messages.size;
  }
  /** The wire object: own, enumerable data properties only (so `__proto__` stays a plain key). */
  toObject(): FieldErrors {
    return Object.fromEntries(this.#messages);
  }
}

function addIssues(errors: FieldErrorList, issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        errors.add(pathKey([...issue.path, key]), 'Este campo no está permitido.');
    } else {
      errors.add(pathKey(issue.path) || '_', issue.message);
    }
  }
}

/** Whether a text holds a character the database cannot store: NUL, or a lone surrogate. */
export function hasForbiddenCharacters(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** A value met while walking a request part, with the way back to its root (paths built on demand). */
interface Visit {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}

function visitPath(visit: Visit): string {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return pathKey(path) || '_';
}

/**
 * Adds an error for every text (value or key) of a request part with a forbidden character. Walks
 * with its own stack, not recursion, and without copying paths: a body may nest thousands deep.
 */
function addForbiddenCharacters(errors: FieldErrorList, value: unknown): void {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) errors.add(visitPath(visit), FORBIDDEN_CHARACTERS_MESSAGE);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        if (hasForbiddenCharacters(key)) errors.add(visitPath(visit), FORBIDDEN_CHARACTERS_MESSAGE);
        else stack.push({ value: item, key, parent: visit });
      }
    }
  }
}

/** Turns zod issues into the wire's field errors; an unknown field is reported under its own name. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors = new FieldErrorList();
  addIssues(errors, issues);
  return errors.toObject();
}

/** The Laravel-style summary: the first message, and how many more there are. */
export function summary(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'Algunos datos introducidos son incorrectos.';
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (y ${more} ${more === 1 ? 'error más' : 'errores más'})`;
}

/**
 * Parses a request part with its schema, or throws a 422 with the field errors. Characters that
 * cannot be stored are refused anywhere in it, unless `options.charactersByHandler` says its handler
 * judges every text itself (a batch whose items are answered one by one).
 * @example const body = parse(SaveCartRequestSchema, request.body);
 */
export function parse<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  options: { charactersByHandler?: boolean } = {},
): z.infer<T> {
  const errors = new FieldErrorList();
  if (!options.charactersByHandler) addForbiddenCharacters(errors, value);
  const result = schema.safeParse(value);
  if (result.success && errors.size === 0) return result.data as z.infer<T>;
  if (!result.success) addIssues(errors, result.error.issues);
  const wire = errors.toObject();
  throw new HttpError(422, summary(wire), wire);
}

/** Frozen answers already parsed, per schema: what they parsed to. */
const parsedFrozen = new WeakMap<z.ZodMiniType, WeakMap<object, unknown>>();

/**
 * Parses a response with its schema before it leaves: the server never sends what the contract
 * does not describe. A mismatch is a server bug, hence a plain Error (→ 500, logged). An answer
 * frozen whole (`deepFreeze`) cannot change: it is parsed once, and its parse is given again.
 */
export function output<T extends z.ZodMiniType>(schema: T, value: z.input<T>): z.infer<T> {
  const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value);
  const known = frozen ? parsedFrozen.get(schema) : undefined;
  if (known?.has(value as object)) return known.get(value as object) as z.infer<T>;
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`response does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
  if (frozen) {
    const parsed = deepFreeze(result.data as object);
    const map = parsedFrozen.get(schema) ?? new WeakMap<object, unknown>();
    map.set(value as object, parsed);
    parsedFrozen.set(schema, map);
    return parsed as z.infer<T>;
  }
  return result.data as z.infer<T>;
}

/** Freezes a value and everything it holds (plain objects and arrays), and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
