/**
 * The rules of access: the password rules (registration, reset and change of password share them),
 * the username a pharmacy may ask for, and the contact fields of a registration request. Each check
 * answers the first problem as the Spanish message shown under the field, or `undefined`.
 */
import { normalisePhone } from './phone.ts';
import { isValidSpanishTaxId } from './tax-id.ts';

export { normalisePhone };

/** The fewest characters a password may have. */
export const PASSWORD_MIN_LENGTH = 10;
/** The most characters a password may have (longer ones are refused, not cut). */
export const PASSWORD_MAX_LENGTH = 200;
/** The fewest characters of a username a pharmacy asks for. */
export const USERNAME_MIN_LENGTH = 3;
/** The most characters of a username. */
export const USERNAME_MAX_LENGTH = 50;

/**
 * Passwords too common to allow, lowercase: the most used ones of 10 characters or more (shorter ones
 * already fail the length rule), Spanish ones included. Compared ignoring case and surrounding spaces.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '0123456789',
  '1234567890',
  '12345678910',
  '123456789a',
  '0987654321',
  '1111111111',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'asdfghjkl1',
  'asdfghjklñ',
  'zxcvbnm123',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'contraseña',
  'contraseña1',
  'contraseña12',
  'contraseña123',
  'contrasena',
  'contrasena1',
  'contrasena123',
  'iloveyou123',
  'abcdefghij',
  'abc1234567',
  'abcd123456',
  'a123456789',
  'aaaaaaaaaa',
  'teamo12345',
  'tequiero123',
  'princesa123',
  'barcelona1',
  'barcelona123',
  'realmadrid',
  'realmadrid1',
  'realmadrid123',
  'atleticomadrid',
  'football123',
  'futbol1234',
  'superman123',
  'batman1234',
  'pokemon123',
  'starwars123',
  'welcome123',
  'bienvenido',
  'bienvenido1',
  'bienvenido123',
  'farmacia123',
  'farmacia1234',
  'farmacia2024',
  'farmacia2025',
  'farmacia2026',
  'laboratorio',
  'laboratorio1',
  'administrador',
  'administrator',
  'admin12345',
  'admin123456',
  'changeme123',
  'letmein123',
  'monkey12345',
  'dragon12345',
  'sunshine123',
  'primavera1',
  'verano2026',
  'invierno2026',
  'noviembre2026',
  'diciembre2026',
  'españa1234',
  'espana1234',
  'madrid1234',
  'sevilla123',
  'valencia123',
]);

/** What a password is checked against besides itself. */
export interface PasswordContext {
  /** The user's username: a password may not be it. */
  username?: string | undefined;
}

/** The messages of the password rules, as shown under the field. */
export const PASSWORD_MESSAGES = {
  required: 'La contraseña es obligatoria.',
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `La contraseña debe tener como máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  isUsername: 'La contraseña no puede ser tu nombre de usuario.',
  common: 'Esa contraseña es demasiado común: elige otra más difícil de adivinar.',
  mismatch: 'Las contraseñas no coinciden.',
} as const;

/** The rules a new password must meet, in the order they are checked and listed. */
export type PasswordRuleId = 'length' | 'not-username' | 'not-common';

/** A rule of a new password as the checklist names it. */
export interface PasswordRule {
  id: PasswordRuleId;
  /** The rule as a checklist line ('Al menos 10 caracteres…'). */
  label: string;
}

/** A rule of a new password and whether a given password meets it. */
export interface PasswordRuleCheck extends PasswordRule {
  isMet: boolean;
  /** The message under the field when the rule is the first one not met. */
  message: string;
}

/**
 * Every rule `passwordProblem` applies, in its order: the checklists list these, so they cannot
 * name fewer rules than the server checks.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `Al menos ${PASSWORD_MIN_LENGTH} caracteres (y no más de ${PASSWORD_MAX_LENGTH})` },
  { id: 'not-username', label: 'Que no sea tu nombre de usuario' },
  { id: 'not-common', label: 'Que no sea una contraseña demasiado común' },
];

/**
 * Each rule of `PASSWORD_RULES` and whether `password` meets it. An empty password meets none; the
 * not-common rule can only be told once the length is right (every common password is long
 * enough), so until then it is not met.
 * @example checkPasswordRules('farmacia.sol', { username: 'farmacia.sol' }).map((rule) => rule.isMet) // [true, false, true]
 */
export function checkPasswordRules(password: string, context: PasswordContext = {}): PasswordRuleCheck[] {
  const characters = [...password].length;
  const folded = password.trim().toLocaleLowerCase('es-ES');
  const username = context.username?.trim().toLocaleLowerCase('es-ES');
  const isEmpty = password.length === 0;
  const isLengthRight = characters >= PASSWORD_MIN_LENGTH && characters <= PASSWORD_MAX_LENGTH;
  const results: Record<PasswordRuleId, { isMet: boolean; message: string }> = {
    length: {
      isMet: isLengthRight,
      message: characters > PASSWORD_MAX_LENGTH ? PASSWORD_MESSAGES.tooLong : PASSWORD_MESSAGES.tooShort,
    },
    'not-username': {
      isMet: !isEmpty && !(username && folded === username),
      message: PASSWORD_MESSAGES.isUsername,
    },
    'not-common': {
      isMet: isLengthRight && !COMMON_PASSWORDS.has(folded),
      message: PASSWORD_MESSAGES.common,
    },
  };
  return PASSWORD_RULES.map((rule) => ({ ...rule, ...results[rule.id] }));
}

/**
 * The first problem of a new password, or `undefined` when it may be used: the message of the
 * first rule of `PASSWORD_RULES` it does not meet (at least 10 characters counted as the user sees
 * them, not the username, not a common password).
 * @example passwordProblem('1234567890') // 'Esa contraseña es demasiado común: …'
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | undefined {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  return checkPasswordRules(password, context).find((rule) => !rule.isMet)?.message;
}

/**
 * The problem of the repeated password: it must be exactly the password.
 * @example passwordConfirmationProblem('a', 'b') // 'Las contraseñas no coinciden.'
 */
export function passwordConfirmationProblem(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORD_MESSAGES.mismatch;
}

/**
 * A username as stored and compared: trimmed and lowercase.
 * @example normaliseUsername(' Farmacia.Sol ') // 'farmacia.sol'
 */
export function normaliseUsername(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * What a username may be, as one sentence: the field's hint says it, and every message of a
 * username that breaks it repeats it, so the two never disagree.
 */
export const USERNAME_RULE = `De ${USERNAME_MIN_LENGTH} a ${USERNAME_MAX_LENGTH} caracteres: letras sin acentos, números, puntos, guiones y guiones bajos, empezando por una letra o un número.`;

/**
 * The first problem of the username a pharmacy asks for: `USERNAME_RULE` (3 to 50 characters,
 * lowercase letters without accents, digits, dots, hyphens and underscores, starting with a letter
 * or a digit).
 * @example usernameProblem('farmacia.sol') // undefined
 */
export function usernameProblem(input: string): string | undefined {
  const username = normaliseUsername(input);
  if (username.length === 0) return 'El usuario es obligatorio.';
  const isLengthRight = username.length >= USERNAME_MIN_LENGTH && username.length <= USERNAME_MAX_LENGTH;
  if (!isLengthRight || !/^[a-z0-9][a-z0-9._-]*$/.test(username))
    return `El usuario no es válido. ${USERNAME_RULE}`;
  return undefined;
}

/** The fewest characters of the name of a pharmacy asking to become a client. */
export const PHARMACY_NAME_MIN_LENGTH = 3;

/**
 * The problem of the name of a pharmacy asking to become a client: at least 3 characters, one of
 * them a letter ('Farmacia Sol'; never 'A' or '12').
 * @example pharmacyNameProblem('A') // 'El nombre de la farmacia debe tener al menos 3 caracteres, con alguna letra.'
 */
export function pharmacyNameProblem(input: string): string | undefined {
  const name = input.trim();
  if (name.length === 0) return 'El nombre de la farmacia es obligatorio.';
  if ([...name].length < PHARMACY_NAME_MIN_LENGTH || !/\p{L}/u.test(name))
    return `El nombre de la farmacia debe tener al menos ${PHARMACY_NAME_MIN_LENGTH} caracteres, con alguna letra.`;
  return undefined;
}

/**
 * The problem of a tax id given when registering: a CIF (or the pharmacist's NIF or NIE, for a
 * pharmacy owned by a person) with a valid check character.
 * @example taxIdProblem('B12345674') // undefined
 */
export function taxIdProblem(input: string): string | undefined {
  if (input.trim().length === 0) return 'El CIF/NIF es obligatorio.';
  return isValidSpanishTaxId(input)
    ? undefined
    : 'El CIF/NIF no es válido: revisa la letra o el dígito de control.';
}

/**
 * The problem of an e-mail address: one `@`, a dotted domain, no spaces, at most 254 characters.
 * @example emailProblem('compras@farmaciasol.es') // undefined
 */
export function emailProblem(input: string): string | undefined {
  const email = input.trim();
  if (email.length === 0) return 'El correo electrónico es obligatorio.';
  if (email.length > 254 || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email))
    return 'El correo electrónico no es válido.';
  return undefined;
}

/**
 * The problem of a Spanish phone number: 9 digits starting with 6, 7, 8 or 9.
 * @example phoneProblem('912 345 678') // undefined
 */
export function phoneProblem(input: string): string | undefined {
  if (input.trim().length === 0) return 'El teléfono es obligatorio.';
  return /^[6-9]\d{8}$/.test(normalisePhone(input))
    ? undefined
    : 'El teléfono debe tener 9 cifras (por ejemplo, 912 345 678).';
}

/**
 * The problem of a Spanish postal code: 5 digits whose first two are a province (01 to 52).
 * @example postalCodeProblem('28013') // undefined
 */
export function postalCodeProblem(input: string): string | undefined {
  const code = input.trim();
  if (code.length === 0) return 'El código postal es obligatorio.';
  const province = Number(code.slice(0, 2));
  return /^\d{5}$/.test(code) && province >= 1 && province <= 52
    ? undefined
    : 'El código postal no es válido.';
}

/** What a pharmacy gives when it asks to become a client (the wire's `register` body). */
export interface RegistrationFields {
  username: string;
  cif: string;
  pharmacy_name: string;
  email: string;
  phone: string;
  postal_code: string;
}

/**
 * Every field's first problem of a registration request, keyed by the wire's field names; an empty
 * object when the request may be sent. The portal shows them under the fields; the server answers
 * them as a 422.
 */
export function registrationProblems(
  fields: RegistrationFields,
): Partial<Record<keyof RegistrationFields, string>> {
  const problems: Partial<Record<keyof RegistrationFields, string>> = {};
  const checks: [keyof RegistrationFields, string | undefined][] = [
    ['username', usernameProblem(fields.username)],
    ['cif', taxIdProblem(fields.cif)],
    ['pharmacy_name', pharmacyNameProblem(fields.pharmacy_name)],
    ['email', emailProblem(fields.email)],
    ['phone', phoneProblem(fields.phone)],
    ['postal_code', postalCodeProblem(fields.postal_code)],
  ];
  for (const [field, problem] of checks) if (problem !== undefined) problems[field] = problem;
  return problems;
}
