import { Button as AriaButton } from 'react-aria-components';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export interface PaginationProps {
  /** The current page, 1-based (the wire's `meta.current_page`). */
  page: number;
  /** The number of pages (the wire's `meta.last_page`). */
  pageCount: number;
  /** Called with the page to go to. */
  onPageChange: (page: number) => void;
  /**
   * Disables every button, e.g. while the page loads.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * The navigation's accessible name.
   * @default 'Paginación'
   */
  'aria-label'?: string;
  /** Extra class names. */
  className?: string;
}

/** The pages to show: the first, the last, the current one and its neighbours, with gaps. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push('gap');
    result.push(n);
  }
  return result;
}

/**
 * Page navigation for the paginated lists (invoices, refunds, orders): previous, numbers with
 * gaps, next; on phones, 'Página X de Y'. Renders nothing for a single page.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  isDisabled = false,
  'aria-label': ariaLabel = 'Paginación',
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={ariaLabel} className={cx('bt-pagination', className)}>
      <AriaButton
        className="bt-pagination__step"
        isDisabled={isDisabled || page <= 1}
        onPress={() => onPageChange(page - 1)}
        aria-label="Página anterior"
      >
        <ChevronLeftIcon size={18} />
        <span className="bt-pagination__step-label">Anterior</span>
      </AriaButton>
      <ol className="bt-pagination__pages">
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${index}`} className="bt-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <AriaButton
                className={cx('bt-pagination__page', item === page && 'bt-pagination__page--current')}
                aria-label={`Página ${item}`}
                aria-current={item === page ? 'page' : undefined}
                isDisabled={isDisabled}
                onPress={() => item !== page && onPageChange(item)}
              >
                {item}
              </AriaButton>
            </li>
          ),
        )}
      </ol>
      <p className="bt-pagination__summary">
        Página {page} de {pageCount}
      </p>
      <AriaButton
        className="bt-pagination__step"
        isDisabled={isDisabled || page >= pageCount}
        onPress={() => onPageChange(page + 1)}
        aria-label="Página siguiente"
      >
        <span className="bt-pagination__step-label">Siguiente</span>
        <ChevronRightIcon size={18} />
      </AriaButton>
    </nav>
  );
}
