import { Radio, RadioGroup, type RadioGroupProps } from 'react-aria-components';
import { cx } from '../internal/class-names.ts';
import { type FieldErrorMessage, FieldHelp, FieldLabel } from '../internal/field-parts.tsx';

export interface RatingFieldProps
  extends Omit<
    RadioGroupProps,
    'children' | 'className' | 'style' | 'value' | 'defaultValue' | 'onChange' | 'orientation'
  > {
  /** The question, as the group's label. */
  label: string;
  /** Help under the question. */
  description?: string;
  /** The error under the field when it is invalid (else the first message of its validation). */
  errorMessage?: FieldErrorMessage;
  /** The rating chosen (controlled); null for none. */
  value?: number | null;
  /** The rating chosen at first (uncontrolled). */
  defaultValue?: number | null;
  /** Called with the rating chosen. */
  onChange?: (value: number) => void;
  /** The lowest rating. @default 1 */
  min?: number;
  /** The highest rating. @default 5 */
  max?: number;
  /** What the lowest rating means, shown under it and read with it ('Muy mala'). */
  minLabel?: string;
  /** What the highest rating means, shown under it and read with it ('Excelente'). */
  maxLabel?: string;
  /** Extra class names. */
  className?: string;
}

/**
 * A rating from 1 to 5 as a row of numbered choices: react-aria's `RadioGroup`, so the arrow keys
 * move between the numbers, Tab leaves the group, and each number is read with the words of its end
 * ('1, Muy mala'). Every choice is a 44 px target.
 * @example <RatingField label="¿Cómo valoras nuestros productos?" minLabel="Muy mala" maxLabel="Excelente" isRequired onChange={setRating} />
 */
export function RatingField({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  min = 1,
  max = 5,
  minLabel,
  maxLabel,
  className,
  ...props
}: RatingFieldProps) {
  const values = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const toText = (rating: number | null | undefined) =>
    rating === undefined ? undefined : rating === null ? null : String(rating);
  return (
    <RadioGroup
      {...props}
      orientation="horizontal"
      {...(value === undefined ? {} : { value: toText(value) ?? null })}
      {...(defaultValue === undefined ? {} : { defaultValue: toText(defaultValue) ?? null })}
      onChange={(next) => onChange?.(Number(next))}
      className={cx('bt-field', 'bt-rating-field', className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <div className="bt-rating-field__scale">
        <div className="bt-rating-field__options">
          {values.map((rating) => {
            const meaning = rating === min ? minLabel : rating === max ? maxLabel : undefined;
            return (
              <Radio
                key={rating}
                value={String(rating)}
                className="bt-rating-field__option"
                aria-label={meaning ? `${rating}, ${meaning}` : String(rating)}
              >
                <span aria-hidden="true">{rating}</span>
              </Radio>
            );
          })}
        </div>
        {minLabel || maxLabel ? (
          <div className="bt-rating-field__ends" aria-hidden="true">
            <span>{minLabel}</span>
            <span>{maxLabel}</span>
          </div>
        ) : null}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RadioGroup>
  );
}
