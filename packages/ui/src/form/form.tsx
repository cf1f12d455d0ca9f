import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { cx } from '../internal/class-names.ts';
import { FormAlert, firstFieldErrors, type ServerFieldErrors } from './form-alert.tsx';

export type { ServerFieldErrors } from './form-alert.tsx';
export { FormAlert, firstFieldErrors } from './form-alert.tsx';

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
