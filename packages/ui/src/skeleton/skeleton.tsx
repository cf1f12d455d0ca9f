import type { CSSProperties } from 'react';
import { cx } from '../internal/class-names.ts';

export interface SkeletonProps {
  /**
   * The shape: lines of text, a block (images, cards) or a circle (avatars).
   * @default 'text'
   */
  variant?: 'text' | 'rect' | 'circle';
  /** Width (any CSS length). @default '100%' */
  width?: CSSProperties['width'];
  /** Height (any CSS length); text lines take the font's height. */
  height?: CSSProperties['height'];
  /**
   * Number of text lines; the last one is shorter.
   * @default 1
   */
  lines?: number;
  /** Extra class names. */
  className?: string;
}

/**
 * A grey placeholder with a soft shimmer while content loads. Decorative (`aria-hidden`): the
 * surrounding region says 'Cargando…' once, with `role="status"`.
 */
export function Skeleton({ variant = 'text', width = '100%', height, lines = 1, className }: SkeletonProps) {
  if (variant === 'text' && lines > 1) {
    return (
      <span className={cx('bt-skeleton-lines', className)} aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={index}
            className="bt-skeleton bt-skeleton--text"
            style={{ width: index === lines - 1 ? '60%' : '100%', height }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx('bt-skeleton', `bt-skeleton--${variant}`, className)}
      aria-hidden="true"
      style={{ width, height }}
    />
  );
}
