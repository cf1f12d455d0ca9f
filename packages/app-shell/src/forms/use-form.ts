/**
 * The submit of a form: pending while its call runs, the call's failure shown by the form when it is
 * the form's (form-failure.ts), else by the app's error presentation.
 */
import { type FormEvent, type RefObject, useState } from 'react';
import type { Problems } from './field-checks.ts';
import { type FormFailure, formFailure, isFormStatus } from './form-failure.ts';
import { type FieldChecksForm, useFieldChecks } from './use-field-checks.ts';

/** What {@link useSubmit} needs of a form. */
export interface SubmitOptions<Args extends unknown[]> {
  /** Makes the call (and goes on after it); a thrown failure is shown by the form or reported. */
  send: (...args: Args) => Promise<void>;
  /** Shows a failure the form does not (the app's `reportCallError`). */
  reportError: (error: unknown) => unknown;
  /** Which statuses the form shows itself. @default 422 and 429 */
  isShownByForm?: ((status: number) => boolean) | undefined;
  /**
   * Before sending, once any earlier failure is cleared: false keeps the form from sending (its
   * checks found something). @default always sends
   */
  check?: (() => boolean) | undefined;
  /**
   * The form's own reading of a failure before it is shown: what is left to show, or null when the
   * form handled it all. @default shows the failure as it is
   */
  onFailure?: ((failure: FormFailure) => FormFailure | null) | undefined;
}

/** A form's submit: {@link useSubmit}. */
export interface Submit<Args extends unknown[]> {
  /** Sends the form (ignored while a send is pending). */
  submit: (...args: Args) => Promise<void>;
  isPending: boolean;
  /** The last failure the form shows, until the next send. */
  failure: FormFailure | null;
  /** Shows a failure of the form's own (a refusal that needed no call to the server). */
  showFailure: (failure: FormFailure | null) => void;
}

/**
 * The submit of a form without field checks of its own (the login form checks its fields itself).
 *
 * @example
 * const { submit, isPending, failure } = useSubmit({ send: (values) => api.x(values), reportError: reportCallError });
 */
export function useSubmit<Args extends unknown[]>(options: SubmitOptions<Args>): Submit<Args> {
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  async function submit(...args: Args): Promise<void> {
    if (isPending) return;
    setFailure(null);
    if (options.check !== undefined && !options.check()) return;
    setPending(true);
    try {
      await options.send(...args);
    } catch (error) {
      const found = formFailure(error, options.isShownByForm ?? isFormStatus);
      if (found === null) {
        options.reportError(error);
        return;
      }
      setFailure(options.onFailure ? options.onFailure(found) : found);
    } finally {
      setPending(false);
    }
  }

  return { submit, isPending, failure, showFailure: setFailure };
}

/** What {@link useForm} needs of a form with text fields. */
export interface FormOptions<Field extends string> {
  /** The text fields, in the form's order. */
  fields: readonly Field[];
  initial: Record<Field, string>;
  /** Each field's first problem for the given values (the rules of `@botica/domain`). */
  problemsOf: (values: Record<Field, string>) => Problems<Field>;
  /** Makes the call with the checked values; a thrown failure shows under the fields or is reported. */
  send: (values: Record<Field, string>) => Promise<void>;
  /** Shows a failure the form does not (the app's `reportCallError`). */
  reportError: (error: unknown) => unknown;
  /**
   * After the fields are checked, what else the form checks (a checkbox): false keeps it from
   * sending. Told whether the fields were right. @default nothing more
   */
  checkMore?: ((areFieldsValid: boolean) => boolean) | undefined;
  /**
   * The form's own reading of a failure before its messages show (a field that is not a text field,
   * a link no longer valid): what is left to show, or null. @default shows it as it is
   */
  onFailure?: ((failure: FormFailure) => FormFailure | null) | undefined;
}

/** A form with checked text fields and a submit: {@link useForm}. */
export interface Form<Field extends string> extends FieldChecksForm<Field> {
  /** The form's `onSubmit`: checks every field, then sends (ignored while a send is pending). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  /** The server's message about the whole form, when it named no field. */
  formMessage: string | undefined;
  formRef: RefObject<HTMLDivElement | null>;
}

/**
 * A form's text fields, checked as they are left and when sent, and its submit: the server's first
 * message under each field it names (the first of them taking the focus), its message above the
 * form when it names none, anything else to the app's error presentation.
 *
 * @example
 * const form = useForm({ fields: ['username'], initial: { username: '' }, problemsOf, send, reportError });
 * <div ref={form.formRef}>
 *   <Form onSubmit={form.onSubmit} errorMessage={form.formMessage}>
 *     <TextField {...form.fieldProps('username')} label="Usuario" />
 *     <Button type="submit" isPending={form.isPending}>Enviar</Button>
 *   </Form>
 * </div>
 */
export function useForm<Field extends string>(options: FormOptions<Field>): Form<Field> {
  const checks = useFieldChecks(options.fields, options.initial, options.problemsOf);
  const { submit, isPending, failure } = useSubmit({
    send: () => options.send(checks.values),
    reportError: options.reportError,
    check: () => {
      const areFieldsValid = checks.checkAll();
      const isRestValid = options.checkMore ? options.checkMore(areFieldsValid) : true;
      return areFieldsValid && isRestValid;
    },
    onFailure: (found) => {
      const left = options.onFailure ? options.onFailure(found) : found;
      if (left !== null) checks.showServerMessages(left.fields);
      return left;
    },
  });
  return {
    ...checks,
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    isPending,
    formMessage: failure?.message,
  };
}
