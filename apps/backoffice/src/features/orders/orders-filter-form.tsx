/**
 * The orders' filters: days from and to, the pharmacy's or order's text, the status, the sales rep
 * (an admin's) and the total's range. Typed here, applied to the address by 'Filtrar'; what the
 * server would refuse is said under its field.
 */
import { Button, NativeSelect } from '@botica/ui';
import { type FormEvent, useId, useState } from 'react';
import { filterProblems, isFiltered, NO_FILTERS, type OrderFilters, SEARCH_MAX } from './filters.ts';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from './order-status.ts';

/** A sales rep of the filter's select. */
export interface SalesRepOption {
  id: string;
  label: string;
}

const STATUS_OPTIONS = [
  { id: '', label: 'Todos' },
  ...ORDER_STATUSES.map((status) => ({ id: status, label: ORDER_STATUS[status].label })),
] as const satisfies readonly { id: OrderStatus | ''; label: string }[];

interface FieldProps {
  label: string;
  name: keyof OrderFilters;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date' | 'search';
  error?: string | undefined;
  inputMode?: 'decimal';
  placeholder?: string;
  maxLength?: number;
  className?: string;
}

/** A labelled input of the filters, with its message under it, in the kit's field styles. */
function Field({ label, name, value, onChange, type = 'text', error, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={`bt-field bo-orders__field ${className ?? ''}`}>
      <label className="bt-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="bt-input"
        type={type}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-invalid={error ? true : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="bt-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface OrdersFilterFormProps {
  /** The filters in the address, the form's start. */
  filters: OrderFilters;
  /** The sales reps to filter by; null hides the filter (a sales rep's list is his already). */
  salesReps: readonly SalesRepOption[] | null;
  onFilter: (filters: OrderFilters) => void;
  onClear: () => void;
}

/** The filters' form above the list. */
export function OrdersFilterForm({ filters, salesReps, onFilter, onClear }: OrdersFilterFormProps) {
  const [draft, setDraft] = useState(filters);
  // The messages of what the address holds, and of what is typed once 'Filtrar' was pressed.
  const [isChecked, setChecked] = useState(true);
  const problems = filterProblems(isChecked ? draft : filters);
  const set = (name: keyof OrderFilters) => (value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setChecked(false);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(filterProblems(draft)).length > 0) return;
    onFilter({
      ...draft,
      q: draft.q.trim(),
      min_total: draft.min_total.trim(),
      max_total: draft.max_total.trim(),
    });
  }

  return (
    <form className="bo-orders__filters" aria-label="Filtros de pedidos" onSubmit={submit} noValidate>
      <Field label="Desde" name="from" type="date" value={draft.from} onChange={set('from')} />
      <Field label="Hasta" name="to" type="date" value={draft.to} onChange={set('to')} error={problems.to} />
      {filters.client_id ? null : (
        <Field
          label="Farmacia o pedido"
          name="q"
          type="search"
          value={draft.q}
          onChange={set('q')}
          placeholder="Nombre, CIF/NIF o número de pedido"
          maxLength={SEARCH_MAX}
          className="bo-orders__field--search"
        />
      )}
      <NativeSelect
        label="Estado"
        name="status"
        options={STATUS_OPTIONS}
        value={draft.status}
        onChange={(status) => set('status')(status)}
      />
      {salesReps ? (
        <NativeSelect
          label="Comercial"
          name="sales_rep_id"
          options={[{ id: '', label: 'Todos' }, ...salesReps]}
          value={draft.sales_rep_id}
          onChange={set('sales_rep_id')}
        />
      ) : null}
      <Field
        label="Total desde (€)"
        name="min_total"
        value={draft.min_total}
        onChange={set('min_total')}
        inputMode="decimal"
        error={problems.min_total}
      />
      <Field
        label="Total hasta (€)"
        name="max_total"
        value={draft.max_total}
        onChange={set('max_total')}
        inputMode="decimal"
        error={problems.max_total}
      />
      <div className="bo-orders__filter-actions">
        <Button type="submit" size="sm">
          Filtrar
        </Button>
        {isFiltered({ ...filters, client_id: '' }) ? (
          <Button
            variant="ghost"
            size="sm"
            onPress={() => {
              setDraft({ ...NO_FILTERS, client_id: filters.client_id });
              onClear();
            }}
          >
            Quitar filtros
          </Button>
        ) : null}
      </div>
    </form>
  );
}
