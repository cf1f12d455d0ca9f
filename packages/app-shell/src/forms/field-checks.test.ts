import { registrationProblems } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  afterBlur,
  afterChange,
  afterSubmit,
  type FieldChecks,
  firstInvalid,
  messageOf,
  noChecks,
  type Problems,
  withServerMessages,
} from './field-checks.ts';

type Field = 'username' | 'cif';
const FIELDS: Field[] = ['username', 'cif'];
const problemsOf = (values: Record<Field, string>): Problems<Field> =>
  registrationProblems({
    pharmacy_name: 'x',
    email: 'a@b.es',
    phone: '912345678',
    postal_code: '28013',
    ...values,
  });

describe('the messages of an access form', () => {
  it('shows nothing for a field tabbed through empty, and the rule once one is left filled in', () => {
    const empty = problemsOf({ username: '', cif: '' });
    let checks: FieldChecks<Field> = afterBlur(noChecks<Field>(), 'username', '', empty);
    expect(messageOf(checks, 'username')).toBeUndefined();
    const wrong = problemsOf({ username: 'ñu', cif: '' });
    checks = afterBlur(checks, 'username', 'ñu', wrong);
    expect(messageOf(checks, 'username')).toMatch(/De 3 a 50 caracteres/);
    expect(messageOf(checks, 'cif')).toBeUndefined();
  });

  it('follows a checked field as it changes, and clears its message once right', () => {
    let checks: FieldChecks<Field> = afterBlur(
      noChecks<Field>(),
      'cif',
      'B1234',
      problemsOf({ username: '', cif: 'B1234' }),
    );
    expect(messageOf(checks, 'cif')).toMatch(/no es válido/);
    checks = afterChange(checks, 'cif', problemsOf({ username: '', cif: 'B12345674' }));
    expect(messageOf(checks, 'cif')).toBeUndefined();
    // A field never checked stays quiet while typed in.
    checks = afterChange(checks, 'username', problemsOf({ username: 'a', cif: 'B12345674' }));
    expect(messageOf(checks, 'username')).toBeUndefined();
  });

  it('shows every problem when sent, in the form order for the focus', () => {
    const checks = afterSubmit(FIELDS, problemsOf({ username: '', cif: '' }));
    expect(messageOf(checks, 'username')).toBe('El usuario es obligatorio.');
    expect(messageOf(checks, 'cif')).toBe('El CIF/NIF es obligatorio.');
    expect(firstInvalid(checks, FIELDS)).toBe('username');
    expect(firstInvalid(noChecks<Field>(), FIELDS)).toBeUndefined();
  });

  it('checks every field again at any change once sent (a field may depend on another)', () => {
    type Pair = 'password' | 'confirmation';
    const problems = (password: string, confirmation: string): Problems<Pair> =>
      password === confirmation ? {} : { confirmation: 'Las contraseñas no coinciden.' };
    let checks: FieldChecks<Pair> = afterSubmit(['password', 'confirmation'], problems('a', 'a'));
    expect(messageOf(checks, 'confirmation')).toBeUndefined();
    checks = afterChange(checks, 'password', problems('ab', 'a'));
    expect(messageOf(checks, 'confirmation')).toBe('Las contraseñas no coinciden.');
    checks = afterChange(checks, 'confirmation', problems('ab', 'ab'));
    expect(messageOf(checks, 'confirmation')).toBeUndefined();
  });

  it("shows the server's message under its field until that field changes", () => {
    let checks: FieldChecks<Field> = withServerMessages(noChecks<Field>(), FIELDS, {
      cif: 'El CIF/NIF no es válido.',
      other: 'not a field of this form',
    });
    expect(checks.server).toEqual({ cif: 'El CIF/NIF no es válido.' });
    expect(firstInvalid(checks, FIELDS)).toBe('cif');
    checks = afterChange(checks, 'username', {});
    expect(messageOf(checks, 'cif')).toBe('El CIF/NIF no es válido.');
    checks = afterChange(checks, 'cif', {});
    expect(messageOf(checks, 'cif')).toBeUndefined();
  });
});
