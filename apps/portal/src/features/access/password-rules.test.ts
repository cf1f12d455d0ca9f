import { describe, expect, it } from 'vitest';
import { passwordRules } from './password-rules.ts';

const met = (password: string, confirmation = '') =>
  passwordRules(password, confirmation).map((rule) => rule.isMet);

describe('the password checklist', () => {
  it('names the length first', () => {
    expect(passwordRules('', '')[0]?.label).toBe('Al menos 10 caracteres');
  });

  it('meets each rule as the password grows, never calling a common one good', () => {
    expect(met('')).toEqual([false, false, false]);
    expect(met('corta', 'corta')).toEqual([false, false, true]);
    expect(met('1234567890')).toEqual([true, false, false]);
    expect(met('Romero y tomillo', 'Romero y tomillo')).toEqual([true, true, true]);
    expect(met('Romero y tomillo', 'Romero y tomill')).toEqual([true, true, false]);
  });
});
