import { PASSWORD_RULES, passwordProblem } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { passwordRules } from './password-rules.ts';

const met = (password: string, confirmation = '', username?: string) =>
  passwordRules(password, confirmation, { username }).map((rule) => rule.isMet);

describe('the password checklist', () => {
  it("lists every rule of the domain's passwordProblem, then the confirmation", () => {
    expect(passwordRules('', '').map((rule) => rule.label)).toEqual([
      ...PASSWORD_RULES.map((rule) => rule.label),
      'Las dos contraseñas coinciden',
    ]);
    expect(passwordRules('', '')[0]?.label).toMatch(/^Al menos 10 caracteres/);
    expect(passwordRules('', '').map((rule) => rule.label)).toContain('Que no sea tu nombre de usuario');
  });

  it('meets each rule as the password grows, never calling a common one good', () => {
    expect(met('')).toEqual([false, false, false, false]);
    expect(met('corta', 'corta')).toEqual([false, true, false, true]);
    expect(met('1234567890')).toEqual([true, true, false, false]);
    expect(met('Romero y tomillo', 'Romero y tomillo')).toEqual([true, true, true, true]);
    expect(met('Romero y tomillo', 'Romero y tomill')).toEqual([true, true, true, false]);
  });

  it('never ticks every line for a password the server refuses: the username', () => {
    const rules = passwordRules('farmacia.demo', 'farmacia.demo', { username: 'farmacia.demo' });
    expect(rules.every((rule) => rule.isMet)).toBe(false);
    expect(passwordProblem('farmacia.demo', { username: 'farmacia.demo' })).toBeDefined();
  });
});
