import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  TextArea,
} from 'react-aria-components';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className' | 'style'> {
  /** The visible label. */
  label: string;
  /** Help under the field. */
  description?: string;
  /**
   * The error under the field when it is invalid. Without it the field shows the first message of
   * its validation (the server's, through `Form`'s `serverErrors`, or the browser's).
   */
  errorMessage?: FieldErrorMessage;
  /** Example text inside the empty field (never a substitute for the label). */
  placeholder?: string;
  /** A text of several lines (a `textarea`), e.g. a survey's free answer. @default false */
  isMultiline?: boolean;
  /** The visible lines of a multiline field. @default 4 */
  rows?: number;
  /** Extra class names. */
  className?: string;
}

/**
 * A labelled text input with description and error on react-aria's `TextField`.
 * @example <TextField label="Usuario" name="username" isRequired autoComplete="username" />
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isMultiline = false,
  rows = 4,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={cx('bt-field', className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      {isMultiline ? (
        <TextArea className="bt-input bt-input--multiline" placeholder={placeholder} rows={rows} />
      ) : (
        <Input className="bt-input" placeholder={placeholder} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
