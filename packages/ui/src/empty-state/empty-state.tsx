import type { ReactNode } from 'react';
import { ErrorIcon, LeafIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export interface EmptyStateProps {
  /** The headline, e.g. 'Tu pedido está vacío'. */
  title: string;
  /** One or two sentences on what to do next. */
  description?: ReactNode;
  /** An action, e.g. a `Link` to the catalogue or a retry `Button`. */
  action?: ReactNode;
  /** An icon or illustration (default: a leaf; an alert for `tone="error"`). */
  icon?: ReactNode;
  /**
   * `error` for a failed load: the message is announced (`role="alert"`).
   * @default 'neutral'
   */
  tone?: 'neutral' | 'error';
  /**
   * The heading level of the title.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4;
  /** Extra class names. */
  className?: string;
}

/** What a list or a page shows when it has nothing to show, or could not load. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  tone = 'neutral',
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cx('bt-empty-state', `bt-empty-state--${tone}`, className)}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <div className="bt-empty-state__icon" aria-hidden="true">
        {icon ?? (tone === 'error' ? <ErrorIcon size={32} /> : <LeafIcon size={32} />)}
      </div>
      <Heading className="bt-empty-state__title">{title}</Heading>
      {description ? <div className="bt-empty-state__description">{description}</div> : null}
      {action ? <div className="bt-empty-state__action">{action}</div> : null}
    </div>
  );
}
