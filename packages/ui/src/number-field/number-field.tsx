import {
  Button as AriaButton,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Group,
  Input,
} from 'react-aria-components';
import { MinusIcon, PlusIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children' | 'className' | 'style'> {
  /** The visible label. */
  label: string;
  /** Help under the field. */
  description?: string;
  /** The error under the field when it is invalid (default: the first validation message). */
  errorMessage?: FieldErrorMessage;
  /** Extra class names. */
  className?: string;
}

/**
 * A number input with − and + buttons, formatted and parsed in es-ES (decimal comma, dot for
 * thousands), on react-aria's `NumberField`. For cart quantities use `QuantityInput`.
 * @example <NumberField label="Precio máximo" formatOptions={{ style: 'currency', currency: 'EUR' }} />
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={cx('bt-field bt-number-field', className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className="bt-input-group">
        <AriaButton slot="decrement" className="bt-input-group__button">
          <MinusIcon />
        </AriaButton>
        <Input className="bt-input bt-number-field__input" />
        <AriaButton slot="increment" className="bt-input-group__button">
          <PlusIcon />
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
