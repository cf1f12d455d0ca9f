import {
  Button as AriaButton,
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { ChevronDownIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

/** One option of a select. */
export interface SelectOption {
  id: Key;
  label: string;
  /** Whether the option cannot be chosen. */
  isDisabled?: boolean;
}

export interface SelectProps
  extends Omit<
    AriaSelectProps<SelectOption>,
    'children' | 'className' | 'style' | 'items' | 'selectionMode'
  > {
  /** The visible label. */
  label: string;
  /** The options. */
  options: SelectOption[];
  /**
   * Text shown while nothing is chosen.
   * @default 'Selecciona una opción'
   */
  placeholder?: string;
  /** Help under the field. */
  description?: string;
  /** The error under the field when it is invalid (default: the first validation message). */
  errorMessage?: FieldErrorMessage;
  /** Extra class names. */
  className?: string;
}

/**
 * A single-choice select on react-aria's `Select`: a button that opens a list box, with typeahead
 * and full keyboard support.
 * @example <Select label="Tienda" options={shops} value={shopId} onChange={setShopId} />
 */
export function Select({
  label,
  options,
  placeholder = 'Selecciona una opción',
  description,
  errorMessage,
  className,
  ...props
}: SelectProps) {
  return (
    <AriaSelect {...props} placeholder={placeholder} className={cx('bt-field bt-select', className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <AriaButton className="bt-input bt-select__button">
        <SelectValue className="bt-select__value" />
        <ChevronDownIcon className="bt-select__chevron" />
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="bt-popover bt-select__popover" offset={4}>
        <ListBox items={options} className="bt-select__list">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              isDisabled={option.isDisabled}
              className="bt-select__option"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
