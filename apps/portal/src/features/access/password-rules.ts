/**
 * The password rules as a checklist shown before and while the user types (the reset page), from
 * `@botica/domain`'s `passwordProblem`: the same rules the server applies, never re-implemented.
 */
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@botica/domain';

export interface PasswordRule {
  label: string;
  isMet: boolean;
}

/**
 * Each rule of a new password and whether the typed one meets it. The not-common rule can only be
 * told once the password is long enough; until then it shows as not met.
 */
export function passwordRules(password: string, confirmation: string): PasswordRule[] {
  const problem = passwordProblem(password);
  const isLongEnough = password !== '' && problem !== PASSWORD_MESSAGES.tooShort;
  return [
    { label: `Al menos ${PASSWORD_MIN_LENGTH} caracteres`, isMet: isLongEnough },
    {
      label: 'Que no sea una contraseña demasiado común',
      isMet: isLongEnough && problem !== PASSWORD_MESSAGES.common,
    },
    { label: 'Las dos contraseñas coinciden', isMet: password !== '' && password === confirmation },
  ];
}
