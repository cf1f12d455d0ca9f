/**
 * The pieces of the documents' filters, kept in the address (PEDIDOS WEB's `?desde=&hasta=&estado=`,
 * MIS FACTURAS' `?desde=&hasta=&numero=`): the days read back from it, the range's check, the two
 * date fields with the range's message, the filter and clear buttons, and the navigation that
 * writes a filter to the address (back to the first page).
 */
import { Button } from '@botica/ui';
import { useNavigate, useSearchParams } from 'react-router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The message of a range whose end comes before its start (the server's words, under 'Hasta'). */
export const RANGE_MESSAGE = 'La fecha final no puede ser anterior a la inicial.';

/** A day of the address (`YYYY-MM-DD`), or '' for none or a malformed one. */
export function dayParam(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : '';
}

/** Whether a range is backwards (both days given, the end before the start). */
export function isRangeWrong(from: string, to: string): boolean {
  return from !== '' && to !== '' && from > to;
}

/** The `from`/`to` of an API query: only the days given, and no end before the start. */
export function rangeQuery(from: string, to: string): { from?: string; to?: string } {
  return { ...(from ? { from } : {}), ...(to && !isRangeWrong(from, to) ? { to } : {}) };
}

/**
 * Writes changes to the address (an empty value removes its parameter; an opened order's
 * `pedido` goes), which runs the route's loader again.
 */
export function useFilterNavigation(): (
  changes: Record<string, string>,
  options?: { preventScrollReset?: boolean },
) => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (changes, options = {}) => {
    const next = new URLSearchParams(params);
    next.delete('pedido');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    void navigate(`?${next.toString()}`, options);
  };
}

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  /** The id of the range's message (unique on the page). */
  errorId: string;
}

/** 'Desde' and 'Hasta' as the browser's date fields; a backwards range marks 'Hasta' and says why. */
export function DateRangeFields({ from, to, onFromChange, onToChange, errorId }: DateRangeFieldsProps) {
  const isWrong = isRangeWrong(from, to);
  return (
    <>
      <label className="documents__field">
        <span>Desde</span>
        <input type="date" name="desde" value={from} onChange={(event) => onFromChange(event.target.value)} />
      </label>
      <label className="documents__field">
        <span>Hasta</span>
        <input
          type="date"
          name="hasta"
          value={to}
          onChange={(event) => onToChange(event.target.value)}
          aria-invalid={isWrong}
          aria-describedby={isWrong ? errorId : undefined}
        />
      </label>
    </>
  );
}

/** The range's message, for the end of the filters' form (it spans the whole row). */
export function RangeMessage({ from, to, errorId }: { from: string; to: string; errorId: string }) {
  return isRangeWrong(from, to) ? (
    <p id={errorId} className="documents__field-error">
      {RANGE_MESSAGE}
    </p>
  ) : null;
}

/** 'Filtrar', and 'Quitar filtros' while a filter is applied. */
export function FilterActions({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  return (
    <div className="documents__filter-actions">
      <Button type="submit" variant="primary" size="sm">
        Filtrar
      </Button>
      {isFiltered ? (
        <Button variant="ghost" size="sm" onPress={onClear}>
          Quitar filtros
        </Button>
      ) : null}
    </div>
  );
}
