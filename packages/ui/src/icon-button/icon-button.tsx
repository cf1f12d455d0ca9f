import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from '../internal/class-names.ts';

export interface IconButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style'> {
  /** The accessible name, read by screen readers and shown as a tooltip (`title`). */
  label: string;
  /** The icon (decorative: the label names the button). */
  children: ReactNode;
  /**
   * The look of the button.
   * @default 'ghost'
   */
  variant?: 'ghost' | 'secondary' | 'primary';
  /**
   * The size: `md` is a 44 px touch target, `sm` 32 px.
   * @default 'md'
   */
  size?: 'sm' | 'md';
  /** Extra class names. */
  className?: string;
}

/**
 * A square button that shows only an icon; `label` gives it its accessible name.
 * @example <IconButton label="Cerrar" onPress={close}><CloseIcon /></IconButton>
 */
export function IconButton({
  label,
  children,
  variant = 'ghost',
  size = 'md',
  className,
  ...props
}: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      aria-label={label}
      className={cx('bt-icon-button', `bt-icon-button--${variant}`, `bt-icon-button--${size}`, className)}
    >
      {children}
    </AriaButton>
  );
}
