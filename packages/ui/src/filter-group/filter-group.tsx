import { formatCount } from '@botica/domain';
import { type ReactNode, useState } from 'react';
import { Badge } from '../badge/badge.tsx';
import { ChevronDownIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export interface FilterGroupProps {
  /** The group's name: its summary, and the name of the group of options inside. */
  title: string;
  /** The options (checkboxes, most often). */
  children: ReactNode;
  /**
   * How many options are selected, said in the summary while the group is folded too.
   * @default 0
   */
  selectedCount?: number;
  /**
   * The summary's text for a count (agree it with the options: 'seleccionadas' for 'Gama').
   * @default count => count === 1 ? '1 seleccionado' : '… seleccionados'
   */
  countLabel?: (count: number) => string;
  /**
   * Whether the group starts unfolded. Read once: afterwards the person folds and unfolds it.
   * @default false
   */
  defaultOpen?: boolean;
  /** Extra class names. */
  className?: string;
}

const defaultCountLabel = (count: number) =>
  count === 1 ? '1 seleccionado' : `${formatCount(count)} seleccionados`;

/**
 * A foldable group of filter options on the browser's own `<details>` and `<summary>` (keyboard,
 * screen readers and find-in-page as every browser provides them, no script): the summary names the
 * group and says how many of its options are selected, and the options are a named group inside.
 * @example
 * <FilterGroup title="Gama" selectedCount={2} countLabel={(n) => `${n} seleccionadas`}>
 *   {ranges.map((range) => <Checkbox key={range.id}>{range.name}</Checkbox>)}
 * </FilterGroup>
 */
export function FilterGroup({
  title,
  children,
  selectedCount = 0,
  countLabel = defaultCountLabel,
  defaultOpen = false,
  className,
}: FilterGroupProps) {
  // The attribute is React's only on mount: a change of the count never folds the group under the person.
  const [initiallyOpen] = useState(defaultOpen);
  return (
    <details className={cx('bt-filter-group', className)} open={initiallyOpen}>
      <summary className="bt-filter-group__summary">
        <span className="bt-filter-group__title">{title}</span>
        {selectedCount > 0 ? <Badge tone="primary">{countLabel(selectedCount)}</Badge> : null}
        <ChevronDownIcon className="bt-filter-group__chevron" />
      </summary>
      <fieldset className="bt-filter-group__options">
        <legend className="bt-visually-hidden">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}
