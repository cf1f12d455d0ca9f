/**
 * Request validation with the api-client's zod schemas: a failed parse becomes a 422 with the
 * messages per field (`{ 'products.0.quantity': ['…'] }`), in Spanish.
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

/** Turns zod issues into the wire's field errors; an unknown field is reported under its own name. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    const list = errors[key] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[key] = list;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(pathKey([...issue.path, key]), 'Este campo no está permitido.');
    } else {
      add(pathKey(issue.path) || '_', issue.message);
    }
  }
  return errors;
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
 * Parses a request part with its schema, or throws a 422 with the field errors.
 * @example const body = parse(SaveCartRequestSchema, request.body);
 */
export function parse<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.infer<T>;
  const errors = fieldErrors(result.error.issues);
  throw new HttpError(422, summary(errors), errors);
}

/** A path id: a positive int4, else 404 (an id that cannot exist names nothing). */
export function pathId(value: unknown): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new HttpError(404, 'El recurso solicitado no existe.');
  const id = Number(text);
  if (id > 2_147_483_647) throw new HttpError(404, 'El recurso solicitado no existe.');
  return id;
}

/**
 * Parses a response with its schema before it leaves: the server never sends what the contract
 * does not describe. A mismatch is a server bug, hence a plain Error (→ 500, logged).
 */
export function output<T extends z.ZodMiniType>(schema: T, value: z.input<T>): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.infer<T>;
  throw new Error(`response does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
}
