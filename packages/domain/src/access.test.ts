import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  checkPasswordRules,
  emailProblem,
  normalisePhone,
  normaliseUsername,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  passwordConfirmationProblem,
  passwordProblem,
  pharmacyNameProblem,
  phoneProblem,
  postalCodeProblem,
  registrationProblems,
  taxIdProblem,
  USERNAME_RULE,
  usernameProblem,
} from './access.ts';

describe('password rules', () => {
  it('asks for a password of at least 10 characters, counted as the user sees them', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('Corta12!')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀😀')).toBeUndefined();
    expect(passwordProblem('Romero-y-Tomillo')).toBeUndefined();
    expect(PASSWORD_MESSAGES.tooShort).toBe('La contraseña debe tener al menos 10 caracteres.');
  });

  it('refuses passwords longer than the limit instead of cutting them', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH) + 'b')).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('Valeriana '.repeat(20))).toBeUndefined();
  });

  it('refuses the username, ignoring case and surrounding spaces', () => {
    expect(passwordProblem('farmacia.demo', { username: 'farmacia.demo' })).toBe(
      PASSWORD_MESSAGES.isUsername,
    );
    expect(passwordProblem(' Farmacia.Demo ', { username: 'farmacia.demo' })).toBe(
      PASSWORD_MESSAGES.isUsername,
    );
    expect(passwordProblem('farmacia.demo.2026', { username: 'farmacia.demo' })).toBeUndefined();
    expect(passwordProblem('farmacia.demo', { username: '' })).toBeUndefined();
  });

  it('refuses the common passwords, ignoring case', () => {
    expect(passwordProblem('1234567890')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('Contraseña123')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('QWERTYUIOP')).toBe(PASSWORD_MESSAGES.common);
    for (const common of COMMON_PASSWORDS) {
      expect(common).toBe(common.toLocaleLowerCase('es-ES'));
      expect([...common].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    }
  });

  it('accepts any long enough password that is neither common nor the username', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 60 }),
        fc.string({ minLength: 1 }),
        (password, username) => {
          fc.pre(!COMMON_PASSWORDS.has(password.trim().toLocaleLowerCase('es-ES')));
          fc.pre(password.trim().toLocaleLowerCase('es-ES') !== username.trim().toLocaleLowerCase('es-ES'));
          fc.pre([...password].length >= PASSWORD_MIN_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH);
          expect(passwordProblem(password, { username })).toBeUndefined();
        },
      ),
    );
  });

  it('lists every rule it applies, each with the message it gives', () => {
    const met = (password: string, username?: string) =>
      checkPasswordRules(password, { username }).map((rule) => rule.isMet);
    expect(PASSWORD_RULES.map((rule) => rule.id)).toEqual(['length', 'not-username', 'not-common']);
    expect(met('')).toEqual([false, false, false]);
    expect(met('corta')).toEqual([false, true, false]);
    expect(met('1234567890')).toEqual([true, true, false]);
    expect(met('farmacia.demo', 'farmacia.demo')).toEqual([true, false, true]);
    expect(met('Romero y tomillo', 'farmacia.demo')).toEqual([true, true, true]);
    expect(met('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual([false, true, false]);
    // The problem is always the message of the first rule not met, so a checklist all ticked is a
    // password the server takes.
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('farmacia.demo', 'abcdefghij', ''),
        (password, username) => {
          const checks = checkPasswordRules(password, { username });
          const firstUnmet = checks.find((rule) => !rule.isMet);
          if (password === '')
            expect(passwordProblem(password, { username })).toBe(PASSWORD_MESSAGES.required);
          else expect(passwordProblem(password, { username })).toBe(firstUnmet?.message);
        },
      ),
    );
  });

  it('checks the confirmation exactly', () => {
    expect(passwordConfirmationProblem('Romero-y-Tomillo', 'Romero-y-Tomillo')).toBeUndefined();
    expect(passwordConfirmationProblem('Romero-y-Tomillo', 'romero-y-tomillo')).toBe(
      'Las contraseñas no coinciden.',
    );
  });
});

describe('registration fields', () => {
  it('normalises and checks the username', () => {
    expect(normaliseUsername(' Farmacia.Sol ')).toBe('farmacia.sol');
    expect(usernameProblem('Farmacia.Sol')).toBeUndefined();
    expect(usernameProblem('f_s-1')).toBeUndefined();
    expect(usernameProblem('  ')).toBe('El usuario es obligatorio.');
    // The message repeats the field's hint word for word: they cannot disagree.
    for (const bad of ['ab', 'a'.repeat(51), 'farmacia sol', 'farmacía', '.farmacia', 'farmacia/sol'])
      expect(usernameProblem(bad)).toBe(`El usuario no es válido. ${USERNAME_RULE}`);
    expect(USERNAME_RULE).toContain('De 3 a 50 caracteres');
    expect(USERNAME_RULE).toContain('guiones bajos');
  });

  it('asks for a real pharmacy name, not one letter', () => {
    expect(pharmacyNameProblem(' ')).toBe('El nombre de la farmacia es obligatorio.');
    for (const bad of ['A', 'ab', '12', '1234', ' . '])
      expect(pharmacyNameProblem(bad)).toBe(
        'El nombre de la farmacia debe tener al menos 3 caracteres, con alguna letra.',
      );
    expect(pharmacyNameProblem('Sol')).toBeUndefined();
    expect(pharmacyNameProblem('Farmacia Ñ 24')).toBeUndefined();
  });

  it('checks the CIF or NIF with its control character', () => {
    expect(taxIdProblem('B12345674')).toBeUndefined();
    expect(taxIdProblem('12345678Z')).toBeUndefined();
    expect(taxIdProblem('')).toBe('El CIF/NIF es obligatorio.');
    expect(taxIdProblem('B12345675')).toBe(
      'El CIF/NIF no es válido: revisa la letra o el dígito de control.',
    );
  });

  it('checks the e-mail address', () => {
    expect(emailProblem(' compras@farmaciasol.es ')).toBeUndefined();
    expect(emailProblem('')).toBe('El correo electrónico es obligatorio.');
    for (const bad of [
      'compras',
      'compras@',
      'compras@farmacia',
      'a b@c.es',
      'a@b..es',
      `${'a'.repeat(250)}@b.es`,
    ])
      expect(emailProblem(bad)).toBe('El correo electrónico no es válido.');
  });

  it('checks Spanish phone numbers with or without the country prefix', () => {
    expect(normalisePhone('+34 912 345 678')).toBe('912345678');
    expect(normalisePhone('0034 (91) 234-56.78')).toBe('912345678');
    expect(phoneProblem('612 34 56 78')).toBeUndefined();
    expect(phoneProblem('')).toBe('El teléfono es obligatorio.');
    expect(phoneProblem('512345678')).toMatch(/^El teléfono debe tener 9 cifras/);
    expect(phoneProblem('91234567')).toMatch(/^El teléfono debe tener 9 cifras/);
  });

  it('checks the postal code and its province', () => {
    expect(postalCodeProblem('28013')).toBeUndefined();
    expect(postalCodeProblem('01001')).toBeUndefined();
    expect(postalCodeProblem('52001')).toBeUndefined();
    expect(postalCodeProblem('')).toBe('El código postal es obligatorio.');
    for (const bad of ['00100', '53001', '2801', '28013a', '99999'])
      expect(postalCodeProblem(bad)).toBe('El código postal no es válido.');
  });

  it('gives every field its first problem, keyed by the wire names', () => {
    const valid = {
      username: 'farmacia.sol',
      cif: 'B12345674',
      pharmacy_name: 'Farmacia del Sol',
      email: 'compras@farmaciasol.es',
      phone: '912345678',
      postal_code: '28013',
    };
    expect(registrationProblems(valid)).toEqual({});
    expect(
      registrationProblems({
        username: 'x',
        cif: 'B1',
        pharmacy_name: ' ',
        email: 'x',
        phone: '1',
        postal_code: '1',
      }),
    ).toEqual({
      username: `El usuario no es válido. ${USERNAME_RULE}`,
      cif: 'El CIF/NIF no es válido: revisa la letra o el dígito de control.',
      pharmacy_name: 'El nombre de la farmacia es obligatorio.',
      email: 'El correo electrónico no es válido.',
      phone: 'El teléfono debe tener 9 cifras (por ejemplo, 912 345 678).',
      postal_code: 'El código postal no es válido.',
    });
  });
});
