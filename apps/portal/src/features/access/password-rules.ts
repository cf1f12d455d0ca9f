/**
 * The password rules as a checklist shown before and while the user types (the reset page and the
 * account's change-password form): `@botica/domain`'s `PASSWORD_RULES`, each ticked by its
 * `checkPasswordRules`, the same rules and order `passwordProblem` applies on the server, then the
 * repeated password.
 */
import { checkPasswordRules, type PasswordContext } from '@botica/domain';

export interface PasswordRule {
  label: string;
  isMet: boolean;
}

/**
 * Each rule of a new password and whether the typed one meets it, with the user's username (the
 * password may not be it); the last line is the confirmation.
 */
export function passwordRules(
  password: string,
  confirmation: string,
  context: PasswordContext = {},
): PasswordRule[] {
  return [
    ...checkPasswordRules(password, context).map(({ label, isMet }) => ({ label, isMet })),
    { label: 'Las dos contraseñas coinciden', isMet: password !== '' && password === confirmation },
  ];
}
