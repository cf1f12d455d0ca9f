import { useState } from 'react';
import {
  Button as AriaButton,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Group,
  Input,
} from 'react-aria-components';
import { EyeIcon, EyeOffIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

export interface PasswordFieldProps
  extends Omit<AriaTextFieldProps, 'children' | 'className' | 'style' | 'type'> {
  /**
   * The visible label.
   * @default 'Contraseña'
   */
  label?: string;
  /** Help under the field, e.g. the password rules. */
  description?: string;
  /** The error under the field when it is invalid (default: the first validation message). */
  errorMessage?: FieldErrorMessage;
  /**
   * Whether the password starts visible.
   * @default false
   */
  defaultVisible?: boolean;
  /** Extra class names. */
  className?: string;
}

/**
 * A password input with a show/hide button ('Mostrar contraseña' / 'Ocultar contraseña').
 * Use `autoComplete="current-password"` on login and `"new-password"` when setting one.
 */
export function PasswordField({
  label = 'Contraseña',
  description,
  errorMessage,
  defaultVisible = false,
  className,
  ...props
}: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(defaultVisible);
  return (
    <AriaTextField {...props} type={isVisible ? 'text' : 'password'} className={cx('bt-field', className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className="bt-input-group" isDisabled={props.isDisabled} isInvalid={props.isInvalid}>
        <Input className="bt-input" spellCheck={false} autoCapitalize="off" />
        <AriaButton
          className="bt-input-group__button"
          aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          isDisabled={props.isDisabled}
          onPress={() => setVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
