import {
  Checkbox as AriaCheckbox,
  CheckboxGroup,
  type CheckboxGroupProps,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import { CheckIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

/** One option of a `ChoiceField`. */
export interface ChoiceOption {
  id: number;
  label: string;
}

interface ChoiceFieldBase
  extends Pick<
    CheckboxGroupProps,
    'isRequired' | 'isDisabled' | 'isInvalid' | 'name' | 'validationBehavior'
  > {
  /** The question, as the group's label. */
  label: string;
  /** Help under the question. */
  description?: string;
  /** The error under the field when it is invalid (else the first message of its validation). */
  errorMessage?: FieldErrorMessage;
  /** The options, in the order shown. */
  options: ReadonlyArray<ChoiceOption>;
  /** Extra class names. */
  className?: string;
}

/** One option to pick: a radio group. */
export interface SingleChoiceFieldProps extends ChoiceFieldBase {
  selectionMode: 'single';
  /** The option chosen (controlled); null for none. */
  value?: number | null;
  /** Called with the option chosen. */
  onChange?: (value: number) => void;
}

/** Several options to pick: a checkbox group. */
export interface MultipleChoiceFieldProps extends ChoiceFieldBase {
  selectionMode: 'multiple';
  /** The options chosen (controlled), in any order. */
  value?: ReadonlyArray<number>;
  /** Called with the options chosen, in the options' order. */
  onChange?: (value: number[]) => void;
}

export type ChoiceFieldProps = SingleChoiceFieldProps | MultipleChoiceFieldProps;

/**
 * A question with options: one to pick (`selectionMode="single"`, react-aria's `RadioGroup`: arrow
 * keys move the choice) or several (`"multiple"`, a `CheckboxGroup`: Tab and Space). Options are
 * numbered by id; every option is a 44 px target.
 * @example
 * <ChoiceField selectionMode="single" label="¿Con qué frecuencia pides?" options={options} value={value} onChange={setValue} />
 */
export function ChoiceField(props: ChoiceFieldProps) {
  const { label, description, errorMessage, options, className, ...group } = props;
  const classes = cx('bt-field', 'bt-choice-field', className);
  if (group.selectionMode === 'single') {
    const { selectionMode: _single, value, onChange, ...rest } = group;
    return (
      <RadioGroup
        {...rest}
        {...(value === undefined ? {} : { value: value === null ? null : String(value) })}
        onChange={(next) => onChange?.(Number(next))}
        className={classes}
      >
        <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
        <div className="bt-choice-field__options">
          {options.map((option) => (
            <Radio key={option.id} value={String(option.id)} className="bt-choice-field__option">
              <span className="bt-choice-field__mark bt-choice-field__mark--radio" aria-hidden="true" />
              <span>{option.label}</span>
            </Radio>
          ))}
        </div>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </RadioGroup>
    );
  }
  const { selectionMode: _multiple, value, onChange, ...rest } = group;
  const order = options.map((option) => option.id);
  return (
    <CheckboxGroup
      {...rest}
      {...(value === undefined ? {} : { value: value.map(String) })}
      onChange={(next) => onChange?.(next.map(Number).sort((a, b) => order.indexOf(a) - order.indexOf(b)))}
      className={classes}
    >
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <div className="bt-choice-field__options">
        {options.map((option) => (
          <AriaCheckbox key={option.id} value={String(option.id)} className="bt-choice-field__option">
            {({ isSelected }) => (
              <>
                <span className="bt-choice-field__mark bt-choice-field__mark--check" aria-hidden="true">
                  {isSelected ? <CheckIcon size={16} /> : null}
                </span>
                <span>{option.label}</span>
              </>
            )}
          </AriaCheckbox>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </CheckboxGroup>
  );
}
