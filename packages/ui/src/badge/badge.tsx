import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';

/** The colour of a badge. */
export type BadgeTone = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  /** The text (short: one or two words, or a count). */
  children: ReactNode;
  /**
   * The colour.
   * @default 'neutral'
   */
  tone?: BadgeTone;
  /**
   * `solid` for counts over icons (the 'Mi pedido' badge), `soft` for statuses.
   * @default 'soft'
   */
  appearance?: 'soft' | 'solid';
  /** An icon before the text. */
  icon?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/** A small label for a status ('Enviado', 'Agotado') or a count. Its text is its meaning: colour only adds. */
export function Badge({ children, tone = 'neutral', appearance = 'soft', icon, className }: BadgeProps) {
  return (
    <span className={cx('bt-badge', `bt-badge--${tone}`, `bt-badge--${appearance}`, className)}>
      {icon}
      {children}
    </span>
  );
}
