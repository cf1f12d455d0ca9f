import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from '../internal/class-names.ts';

/** The look of a button: one primary action per view, secondary for the rest. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** The height of a button: `lg` and `md` are 44 px touch targets, `sm` 32 px for dense tables. */
export type ButtonSize = 'sm' | 'md' | 'lg';

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

/** A spinning circle for pending actions; decorative. */
export function Spinner({ size = 18 }: { size?: number }) {
  return (
    <svg
      className="bt-spinner"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The class names a button gets; links that look like buttons share them. */
export function buttonClassName(
  variant: ButtonVariant,
  size: ButtonSize,
  isFullWidth = false,
  extra?: string,
) {
  return cx(
    'bt-button',
    `bt-button--${variant}`,
    `bt-button--${size}`,
    isFullWidth && 'bt-button--full',
    extra,
  );
}

/**
 * A button on react-aria's `Button`: press events for mouse, touch and keyboard, a visible focus
 * ring, and a pending state (`isPending`) that keeps its width, shows a spinner and blocks presses.
 * @example <Button onPress={save}>Guardar</Button>
 */
/** What a button shows: the spinner while pending, then its icons around its label. */
export function ButtonContent({
  isPending,
  iconStart,
  iconEnd,
  children,
}: {
  isPending: boolean;
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {isPending ? (
        <span className="bt-button__spinner">
          <Spinner />
        </span>
      ) : null}
      <span className="bt-button__content">
        {iconStart}
        {children !== undefined ? <span className="bt-button__label">{children}</span> : null}
        {iconEnd}
      </span>
    </>
  );
}

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
