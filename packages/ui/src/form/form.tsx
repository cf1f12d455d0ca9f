import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { ErrorIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

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

export interface FormProps
  extends Omit<AriaFormProps, 'validationErrors' | 'className' | 'style' | 'children'> {
  /** The fields and the submit button. */
  children: ReactNode;
  /**
   * The server's field errors (`errors` of a 422): each field whose `name` matches shows the first
   * message under it, until its value changes.
   */
  serverErrors?: ServerFieldErrors | null | undefined;
  /** A message about the whole form (e.g. the 422's `message`), shown above the fields as an alert. */
  errorMessage?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/**
 * A form on react-aria's `Form` that shows the server's validation errors under their fields.
 * @example
 * <Form serverErrors={error?.fieldErrors} errorMessage={error?.message} onSubmit={submit}>
 *   <TextField name="username" label="Usuario" isRequired />
 *   <Button type="submit">Enviar</Button>
 * </Form>
 */
export function Form({ children, serverErrors, errorMessage, className, ...props }: FormProps) {
  return (
    <AriaForm
      {...props}
      validationErrors={serverErrors ? firstFieldErrors(serverErrors) : undefined}
      className={cx('bt-form', className)}
    >
      <FormAlert message={errorMessage} />
      {children}
    </AriaForm>
  );
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
