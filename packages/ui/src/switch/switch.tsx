import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { cx } from '../internal/class-names.ts';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className' | 'style'> {
  /** The label, before the track. */
  children: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/** An on/off switch (role switch) for settings that apply at once, such as cookie categories. */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={cx('bt-switch', className)}>
      <span className="bt-switch__text">
        <span className="bt-switch__label">{children}</span>
        {description ? <span className="bt-switch__description">{description}</span> : null}
      </span>
      <span className="bt-switch__track" aria-hidden="true">
        <span className="bt-switch__thumb" />
      </span>
    </AriaSwitch>
  );
}
