import { type SelectHTMLAttributes, useId } from 'react';
import { ChevronDownIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

/** One option of a native select. */
export interface NativeSelectOption<K extends string = string> {
  id: K;
  label: string;
}

export interface NativeSelectProps<K extends string = string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'defaultValue' | 'onChange' | 'className'> {
  /** The visible label. */
  label: string;
  /** The options, in order. */
  options: ReadonlyArray<NativeSelectOption<K>>;
  /** The chosen option's id. */
  value: K;
  /** Called with the chosen option's id. */
  onChange: (id: K) => void;
  /** Extra class names. */
  className?: string;
}

/**
 * A single choice on the browser's own `<select>`, styled like the library's fields: the phone's
 * own picker, the keyboard and screen readers as every browser provides them, and no script beyond
 * React's. For a short list chosen on every page load, such as the catalogue's order; `Select`
 * (react-aria) for forms with validation.
 * @example <NativeSelect label="Ordenar por" options={sorts} value={sort} onChange={setSort} />
 */
export function NativeSelect<K extends string = string>({
  label,
  options,
  value,
  onChange,
  className,
  id,
  ...props
}: NativeSelectProps<K>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cx('bt-field bt-native-select', className)}>
      <label className="bt-field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="bt-native-select__control">
        <select
          {...props}
          id={selectId}
          className="bt-input bt-native-select__input"
          value={value}
          onChange={(event) => onChange(event.target.value as K)}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="bt-native-select__chevron" />
      </div>
    </div>
  );
}
