/**
 * What a form without react-aria shares with `Form` (the login form, in the first load of the
 * apps): the server's field errors and the form's alert.
 */
import type { ReactNode } from 'react';
import { ErrorIcon } from '../icons/icons.tsx';

/** The `errors` of a 422 answer: every field with its messages. */
export type ServerFieldErrors = Readonly<Record<string, readonly string[] | string>>;

/**
 * The message each field shows: the first of the server's messages.
 * @example firstFieldErrors({ cif: ['El CIF no es válido.', 'Otro'] }) // { cif: 'El CIF no es válido.' }
 */
export function firstFieldErrors(errors: ServerFieldErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = typeof messages === 'string' ? messages : messages[0];
    if (message) first[field] = message;
  }
  return first;
}

/** A message about the whole form, above its fields, as an alert; nothing without a message. */
export function FormAlert({ message }: { message?: ReactNode }) {
  return message ? (
    <div role="alert" className="bt-form__alert">
      <ErrorIcon size={20} />
      <div>{message}</div>
    </div>
  ) : null;
}
