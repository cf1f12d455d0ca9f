import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { ButtonContent, type ButtonSize, type ButtonVariant, buttonClassName } from './button-parts.tsx';

export type { ButtonSize, ButtonVariant } from './button-parts.tsx';
export { Spinner } from './button-parts.tsx';

export interface ButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style'> {
  /** The label. */
  children?: ReactNode;
  /**
   * The look of the button.
   * @default 'primary'
   */
  variant?: ButtonVariant;
  /**
   * The height of the button.
   * @default 'md'
   */
  size?: ButtonSize;
  /**
   * Whether the button takes the whole width of its container.
   * @default false
   */
  isFullWidth?: boolean;
  /** An icon before the label. */
  iconStart?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/**
 * A button on react-aria's `Button`: press events for mouse, touch and keyboard, a visible focus
 * ring, and a pending state (`isPending`) that keeps its width, shows a spinner and blocks presses.
 * @example <Button onPress={save}>Guardar</Button>
 */
export function Button({
  variant = 'primary',
  size = 'md',
  isFullWidth = false,
  iconStart,
  iconEnd,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton {...props} className={buttonClassName(variant, size, isFullWidth, className)}>
      {({ isPending }) => (
        <ButtonContent isPending={isPending} iconStart={iconStart} iconEnd={iconEnd}>
          {children}
        </ButtonContent>
      )}
    </AriaButton>
  );
}
