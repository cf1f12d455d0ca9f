import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { CheckIcon, MinusIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className' | 'style'> {
  /** The label, next to the box. */
  children: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/** A checkbox with its label; the whole row is a 44 px touch target. */
export function Checkbox({ children, description, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={cx('bt-checkbox', className)}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="bt-checkbox__box" aria-hidden="true">
            {isIndeterminate ? <MinusIcon size={16} /> : isSelected ? <CheckIcon size={16} /> : null}
          </span>
          <span className="bt-checkbox__text">
            <span className="bt-checkbox__label">{children}</span>
            {description ? <span className="bt-checkbox__description">{description}</span> : null}
          </span>
        </>
      )}
    </AriaCheckbox>
  );
}
