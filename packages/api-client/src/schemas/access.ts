/**
 * Access without a session: a pharmacy's registration request, the password
 * recovery e-mail and the reset with its secret. The rules of each field (username, CIF/NIF, e-mail,
 * phone, postal code, password) are `@botica/domain`'s; these schemas bound the shapes only, and the
 * server answers a rule's problem as a 422 under the field, with the domain's Spanish message.
 */
import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * `POST /api/v1/register`: a pharmacy asks to become a client. The spec names `username` and `cif`;
 * the laboratory also needs the pharmacy's name, e-mail, phone and postal code to check it, and the
 * privacy policy's acceptance (RGPD art. 13). Answered 202 with an `AccessAnswer`, the same whether
 * the username or the CIF is already known or not.
 */
export const RegisterRequestSchema = z.strictObject({
  username: text(100),
  cif: text(20),
  pharmacy_name: text(150),
  email: text(254),
  phone: text(30),
  postal_code: text(10),
  /** The privacy policy was accepted: must be `true`. */
  privacy_accepted: z.literal(true, 'Debes aceptar la política de privacidad.'),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * `POST /api/v1/password/send_reset`: e-mails a reset link to the user, if there is one with that
 * username and an e-mail address. Answered 202 with an `AccessAnswer`, the same whether the user
 * exists or not; 429 past the attempt limits.
 */
export const SendResetRequestSchema = z.strictObject({ username: text(100) });
export type SendResetRequest = z.infer<typeof SendResetRequestSchema>;

/**
 * `POST /api/v1/password/reset`: sets a new password with the secret of a reset link. A secret that is
 * unknown, used, replaced by a newer one or older than 60 minutes is a 422 with `errors.secret`; the
 * password rules are 422s under `password` and `password_confirmation`. A reset ends every session of
 * the user; the answer is an `AccessAnswer` (the user then logs in with the new password).
 */
export const ResetPasswordRequestSchema = z.strictObject({
  secret: text(200),
  password: z.string().check(z.minLength(1), z.maxLength(1000)),
  password_confirmation: z.string().check(z.maxLength(1000)),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/**
 * `POST /api/v1/password/check_reset`: whether a reset link's secret can still be used, so the page
 * can say at once that a link expired instead of after the user typed a new password. Not in the
 * spec's list: an addition of this contract. The secret travels in the body, never in a URL.
 */
export const CheckResetRequestSchema = z.strictObject({ secret: text(200) });
export type CheckResetRequest = z.infer<typeof CheckResetRequestSchema>;

/**
 * What a password link is for: `reset` (the user forgot it), `welcome` (an approved registration's
 * first password) or `invitation` (a new sub-user's first password). The last two are a first access.
 */
export const PasswordLinkPurposeSchema = z.enum(['reset', 'welcome', 'invitation']);
export type PasswordLinkPurpose = z.infer<typeof PasswordLinkPurposeSchema>;

/**
 * The answer of `check_reset`: `valid` false for an unknown, used, replaced or expired secret. A
 * valid one also says what the link is for and whose password it sets (the page words a first
 * access as such and shows the username to log in with); both are absent for an invalid one.
 */
export const CheckResetResponseSchema = z.object({
  valid: z.boolean(),
  purpose: z.optional(PasswordLinkPurposeSchema),
  username: z.optional(z.string()),
  /**
   * Where the user logs in once the password is set, when it is not the portal's `/login`: the back
   * office's login for the laboratory's staff.
   */
  login_path: z.optional(z.literal('/backoffice/login')),
});
export type CheckResetResponse = z.infer<typeof CheckResetResponseSchema>;

/** The answer of `register`, `send_reset` and `reset`: a Spanish sentence for the user. */
export const AccessAnswerSchema = z.object({ message: z.string() });
export type AccessAnswer = z.infer<typeof AccessAnswerSchema>;

export { ACCESS_MESSAGES } from './access-messages.ts';
