import { type ReactNode, useEffect, useRef } from 'react';
import {
  ButtonContent,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from '../button/button-parts.tsx';
import { announce } from './announce.ts';

export interface PlainButtonProps {
  /** The label. */
  children: ReactNode;
  /** The accessible name, when the label alone is not enough. */
  'aria-label'?: string | undefined;
  /**
   * Called when the button is pressed (click, Enter or Space); not while disabled or pending. A
   * submit button may leave it out: its form's `onSubmit` runs instead.
   */
  onPress?: (() => void) | undefined;
  /** `submit` sends its form (never while pending). @default 'button' */
  type?: 'button' | 'submit';
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
  /** @default false */
  isDisabled?: boolean;
  /** Shows a spinner, keeps the width and blocks presses. @default false */
  isPending?: boolean;
  /** Takes the whole width of its container. @default false */
  isFullWidth?: boolean;
  /** An icon before the label. */
  iconStart?: ReactNode;
  /** Extra class names. */
  className?: string | undefined;
}

/**
 * `Button`'s look and pending state on a plain `<button>`, without react-aria's press, hover and
 * focus-ring hooks: for the buttons a page renders many of (every product card's 'Añadir'). Styled
 * with `:hover`, `:active` and `:focus-visible` (`bt-button--plain`); like react-aria's button, a
 * pending button stays focusable (`aria-disabled`) and its name is read out when its pending state
 * changes while it has the focus.
 */
export function PlainButton({
  children,
  'aria-label': ariaLabel,
  onPress,
  variant = 'primary',
  size = 'md',
  isDisabled = false,
  isPending = false,
  isFullWidth = false,
  type = 'button',
  iconStart,
  className,
}: PlainButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(isPending);
  useEffect(() => {
    if (isPending === wasPending.current) return;
    wasPending.current = isPending;
    const button = ref.current;
    if (button && document.activeElement === button) announce(ariaLabel ?? button.textContent ?? '');
  }, [isPending, ariaLabel]);
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName(variant, size, isFullWidth, `bt-button--plain ${className ?? ''}`.trim())}
      aria-label={ariaLabel}
      aria-disabled={isPending || undefined}
      disabled={isDisabled}
      data-disabled={isDisabled || undefined}
      data-pending={isPending || undefined}
      onClick={(event) => {
        if (isPending || isDisabled) event.preventDefault();
        else onPress?.();
      }}
    >
      <ButtonContent isPending={isPending} iconStart={iconStart}>
        {children}
      </ButtonContent>
    </button>
  );
}
