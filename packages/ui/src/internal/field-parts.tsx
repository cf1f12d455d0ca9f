import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import { RequiredMark } from './required-mark.tsx';

/** An error message: a text, or a function of the field's validation result. */
export type FieldErrorMessage = string | ((validation: ValidationResult) => string);

/** The label with the required mark (the input itself is `required`, so it is announced). */
export function FieldLabel({
  children,
  isRequired,
}: {
  children: ReactNode;
  isRequired?: boolean | undefined;
}) {
  return (
    <Label className="bt-field__label">
      {children}
      {isRequired ? <RequiredMark /> : null}
    </Label>
  );
}

/** The description and the error under a field; the error shows the first message only. */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description?: ReactNode | undefined;
  errorMessage?: FieldErrorMessage | undefined;
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className="bt-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="bt-field__error">
        {errorMessage ?? ((validation) => validation.validationErrors[0] ?? '')}
      </FieldError>
    </>
  );
}
