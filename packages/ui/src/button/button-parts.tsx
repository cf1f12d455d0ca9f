/**
 * The parts of a button without react-aria, shared by `Button`, the light `PlainButton` and the
 * links that look like buttons: a light first screen (the login, the error page) uses them alone.
 */
import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';

/** The look of a button: one primary action per view, secondary for the rest. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** The height of a button: `lg` and `md` are 44 px touch targets, `sm` 32 px for dense tables. */
export type ButtonSize = 'sm' | 'md' | 'lg';

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
