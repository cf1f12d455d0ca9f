import { type ReactNode, useMemo, useState } from 'react';
import {
  Cell,
  Column,
  type Key,
  Row,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { LoadError } from '../internal/load-error.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';

export type { SortDescriptor } from 'react-aria-components';

/** A column of a data table. */
export interface DataTableColumn<T> {
  /** A unique id (also the sort column's id). */
  id: string;
  /** The header text. */
  header: string;
  /** The cell's value: shown when there is no `render`, and used for sorting. */
  value: (row: T) => string | number | null | undefined;
  /** Renders the cell (default: the value). */
  render?: (row: T) => ReactNode;
  /** Whether the column can be sorted. */
  isSortable?: boolean;
  /** Whether the column names the row (one per table): the card's title on narrow screens. */
  isRowHeader?: boolean;
  /** Alignment: `end` for amounts and numbers. */
  align?: 'start' | 'end';
}

export interface DataTableProps<T extends { id: Key }> {
  /** The table's accessible name. */
  'aria-label': string;
  /** The columns. */
  columns: ReadonlyArray<DataTableColumn<T>>;
  /** The rows; each has a unique `id`. */
  rows: ReadonlyArray<T>;
  /** The sort (controlled, e.g. when the server sorts). Without it the table sorts its rows itself. */
  sortDescriptor?: SortDescriptor;
  /** Called when a sortable header is pressed. */
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** The starting sort when uncontrolled. */
  defaultSortDescriptor?: SortDescriptor;
  /**
   * Shows placeholder rows while loading.
   * @default false
   */
  isLoading?: boolean;
  /** A load error shown instead of the rows. */
  error?: string | null;
  /** Called by the error state's 'Reintentar'. */
  onRetry?: () => void;
  /**
   * The text when there are no rows.
   * @default 'No hay datos que mostrar.'
   */
  emptyMessage?: string;
  /** Extra class names. */
  className?: string;
}

const collator = new Intl.Collator('es-ES', { numeric: true, sensitivity: 'base' });

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A sortable data table on react-aria's `Table` (keyboard navigation by cell, sort by header).
 * Below 40 rem of its container's width it becomes a list of cards, one per row, so invoices and
 * orders stay readable on a phone.
 */
export function DataTable<T extends { id: Key }>({
  'aria-label': ariaLabel,
  columns,
  rows,
  sortDescriptor,
  onSortChange,
  defaultSortDescriptor,
  isLoading = false,
  error,
  onRetry,
  emptyMessage = 'No hay datos que mostrar.',
  className,
}: DataTableProps<T>) {
  const [localSort, setLocalSort] = useState<SortDescriptor | undefined>(defaultSortDescriptor);
  const sort = sortDescriptor ?? localSort;
  const sortedRows = useMemo(() => {
    if (sortDescriptor || !sort) return rows;
    const column = columns.find((candidate) => candidate.id === sort.column);
    if (!column) return rows;
    const direction = sort.direction === 'descending' ? -1 : 1;
    return [...rows].sort((a, b) => direction * compare(column.value(a), column.value(b)));
  }, [rows, columns, sort, sortDescriptor]);

  if (error) return <LoadError title="No se han podido cargar los datos" error={error} onRetry={onRetry} />;
  if (isLoading) {
    return (
      <div className={cx('bt-data-table bt-data-table--loading', className)} aria-busy="true">
        <p role="status" className="bt-visually-hidden">
          Cargando…
        </p>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="bt-data-table__skeleton-row">
            {columns.map((column) => (
              <Skeleton key={column.id} width={column.align === 'end' ? '40%' : '70%'} />
            ))}
          </div>
        ))}
      </div>
    );
  }

  const cell = (column: DataTableColumn<T>, row: T) =>
    column.render ? column.render(row) : column.value(row);
  const titleColumn = columns.find((column) => column.isRowHeader) ?? columns[0];

  return (
    <div className={cx('bt-data-table', className)}>
      <Table
        aria-label={ariaLabel}
        className="bt-data-table__table"
        {...(sort ? { sortDescriptor: sort } : {})}
        onSortChange={(descriptor) => {
          if (!sortDescriptor) setLocalSort(descriptor);
          onSortChange?.(descriptor);
        }}
      >
        <TableHeader columns={columns}>
          {(column) => (
            <Column
              id={column.id}
              isRowHeader={column === titleColumn}
              allowsSorting={column.isSortable}
              className={cx('bt-data-table__header', column.align === 'end' && 'bt-data-table__cell--end')}
            >
              {({ allowsSorting, sortDirection }) => (
                <span className="bt-data-table__header-content">
                  {column.header}
                  {allowsSorting ? (
                    <span className="bt-data-table__sort" aria-hidden="true">
                      {sortDirection === 'ascending' ? (
                        <ArrowUpIcon size={16} />
                      ) : sortDirection === 'descending' ? (
                        <ArrowDownIcon size={16} />
                      ) : (
                        <SortIcon size={16} />
                      )}
                    </span>
                  ) : null}
                </span>
              )}
            </Column>
          )}
        </TableHeader>
        <TableBody
          items={sortedRows}
          renderEmptyState={() => <p className="bt-data-table__empty">{emptyMessage}</p>}
        >
          {(row) => (
            <Row id={row.id} columns={columns} className="bt-data-table__row">
              {(column) => (
                <Cell
                  className={cx('bt-data-table__cell', column.align === 'end' && 'bt-data-table__cell--end')}
                >
                  {cell(column, row)}
                </Cell>
              )}
            </Row>
          )}
        </TableBody>
      </Table>
      {sortedRows.length === 0 ? (
        <p className="bt-data-table__empty bt-data-table__cards-empty">{emptyMessage}</p>
      ) : (
        <ul className="bt-data-table__cards" aria-label={ariaLabel}>
          {sortedRows.map((row) => (
            <li key={row.id} className="bt-data-table__card">
              {titleColumn ? <p className="bt-data-table__card-title">{cell(titleColumn, row)}</p> : null}
              <dl className="bt-data-table__card-fields">
                {columns
                  .filter((column) => column !== titleColumn)
                  .map((column) => (
                    <div key={column.id} className="bt-data-table__card-field">
                      <dt>{column.header}</dt>
                      <dd>{cell(column, row)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
