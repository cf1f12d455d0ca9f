/** The React side of field-checks.ts: a form's values, the messages under its fields and the focus. */
import { type RefObject, useRef, useState } from 'react';
import {
  afterBlur,
  afterChange,
  afterSubmit,
  type FieldChecks,
  hasNoProblems,
  messageOf,
  noChecks,
  type Problems,
  withServerMessages,
} from './field-checks.ts';

/** A form's text fields as {@link useFieldChecks} keeps them. */
export interface FieldChecksForm<Field extends string> {
  values: Record<Field, string>;
  /** The message under a field, if any. */
  messageOf: (field: Field) => string | undefined;
  /** What a text field of the form takes: its value, its change, its blur, its invalid state and message. */
  fieldProps: (field: Field) => {
    name: Field;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    isInvalid: boolean;
    errorMessage: string | undefined;
  };
  /**
   * Checks every field; true when the form may be sent, else the first field with a message, in
   * reading order, takes the focus.
   */
  checkAll: () => boolean;
  /** Shows the server's messages under the fields it names, the first of them taking the focus. */
  showServerMessages: (messages: Readonly<Record<string, string>>) => void;
  /** Put on an element around the form: the fields are found in it to take the focus. */
  formRef: RefObject<HTMLDivElement | null>;
}

/** A form's text fields with the messages under them (field-checks.ts); `useForm` adds the submit. */
export function useFieldChecks<Field extends string>(
  fields: readonly Field[],
  initial: Record<Field, string>,
  problemsOf: (values: Record<Field, string>) => Problems<Field>,
): FieldChecksForm<Field> {
  const [values, setValues] = useState(initial);
  const [checks, setChecks] = useState<FieldChecks<Field>>(noChecks);
  const formRef = useRef<HTMLDivElement>(null);

  const focus = (next: FieldChecks<Field>) => {
    const invalid = new Set<string>(fields.filter((field) => messageOf(next, field) !== undefined));
    if (invalid.size === 0) return;
    // After React has drawn the messages, so the field is announced with its message; the first
    // in reading order (the page's), whatever order the form's fields were listed in.
    requestAnimationFrame(() => {
      const inputs = formRef.current?.querySelectorAll<HTMLInputElement>('input[name], textarea[name]');
      [...(inputs ?? [])].find((input) => invalid.has(input.name))?.focus();
    });
  };

  return {
    values,
    messageOf: (field) => messageOf(checks, field),
    fieldProps: (field) => {
      const message = messageOf(checks, field);
      return {
        name: field,
        value: values[field],
        onChange: (value: string) => {
          const next = { ...values, [field]: value };
          setValues(next);
          setChecks((current) => afterChange(current, field, problemsOf(next)));
        },
        onBlur: () => setChecks((current) => afterBlur(current, field, values[field], problemsOf(values))),
        isInvalid: message !== undefined,
        errorMessage: message,
      };
    },
    checkAll: () => {
      const problems = problemsOf(values);
      const next = afterSubmit(fields, problems);
      setChecks(next);
      focus(next);
      return hasNoProblems(problems);
    },
    showServerMessages: (messages) => {
      const next = withServerMessages(checks, fields, messages);
      setChecks(next);
      focus(next);
    },
    formRef,
  };
}
