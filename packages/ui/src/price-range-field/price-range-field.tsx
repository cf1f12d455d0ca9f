import { formatEuros, orderPriceRange, type PriceRangeCents, parseEuros } from '@botica/domain';
import { type KeyboardEvent, useId, useState } from 'react';
import { InfoIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

/** The Spanish texts of `PriceRangeField`. */
export const PRICE_RANGE_MESSAGES = {
  label: 'Precio (€)',
  from: 'Desde',
  to: 'Hasta',
  invalid: 'Escribe un importe en euros, por ejemplo 12,50.',
  swapped: 'Hemos intercambiado los precios: el mínimo era mayor que el máximo.',
  bounds: (min: string, max: string) => `Precios del catálogo: de ${min} a ${max}.`,
} as const;

export interface PriceRangeFieldProps extends PriceRangeCents {
  /**
   * Called with the range, in order, when a price typed in either field is committed (on leaving
   * the field or on Enter) and changes it. An emptied field is an open end (`null`).
   */
  onChange: (range: PriceRangeCents) => void;
  /** The cheapest and the dearest product, shown under the fields as a guide. */
  boundsCents?: { minCents: number; maxCents: number } | undefined;
  /**
   * The group's visible name (its legend).
   * @default 'Precio (€)'
   */
  label?: string;
  /** Extra class names. */
  className?: string;
}

type End = 'min' | 'max';

/** '1.234,56': the amount as the field shows it, the euro sign is in the legend. */
const amountText = (cents: number | null) => (cents === null ? '' : formatEuros(cents).replace(/\s€$/, ''));

/**
 * A price range ('Desde' and 'Hasta') in euros, typed as es-ES writes amounts (`1.234,56`; `12.5`
 * from a keypad is read too), wide enough to show such an amount whole. A minimum above the maximum
 * is swapped, and the field says so in a polite status message instead of changing the numbers
 * silently. Plain inputs (no react-aria, no `Intl`): cheap to render with a page of filters.
 * @example <PriceRangeField minCents={500} maxCents={null} onChange={({ minCents, maxCents }) => …} />
 */
export function PriceRangeField({
  minCents,
  maxCents,
  onChange,
  boundsCents,
  label = PRICE_RANGE_MESSAGES.label,
  className,
}: PriceRangeFieldProps) {
  const id = useId();
  // The range last committed here or received: the fields show it until the props catch up.
  const [shown, setShown] = useState<PriceRangeCents>({ minCents, maxCents });
  const [received, setReceived] = useState<PriceRangeCents>({ minCents, maxCents });
  // What is being typed in each field; null shows the range.
  const [drafts, setDrafts] = useState<Record<End, string | null>>({ min: null, max: null });
  const [invalid, setInvalid] = useState<Record<End, boolean>>({ min: false, max: false });
  // The swap notice, and a key that makes a repeated notice a new node, so it is read again.
  const [notice, setNotice] = useState({ text: '', key: 0 });

  if (received.minCents !== minCents || received.maxCents !== maxCents) {
    setReceived({ minCents, maxCents });
    setShown({ minCents, maxCents });
    setDrafts({ min: null, max: null });
    setInvalid({ min: false, max: false });
  }

  const commit = (end: End) => {
    const draft = drafts[end];
    if (draft === null) return;
    const cents = draft.trim() === '' ? null : parseEuros(draft);
    if (cents === null && draft.trim() !== '') {
      setInvalid({ ...invalid, [end]: true });
      return;
    }
    const ordered = orderPriceRange(
      end === 'min' ? { ...shown, minCents: cents } : { ...shown, maxCents: cents },
    );
    const next = { minCents: ordered.minCents, maxCents: ordered.maxCents };
    setShown(next);
    setDrafts({ min: null, max: null });
    setInvalid({ min: false, max: false });
    if (ordered.isSwapped) setNotice({ text: PRICE_RANGE_MESSAGES.swapped, key: notice.key + 1 });
    if (next.minCents !== shown.minCents || next.maxCents !== shown.maxCents) onChange(next);
  };

  const hintId = `${id}-hint`;
  const field = (end: End, fieldLabel: string) => {
    const inputId = `${id}-${end}`;
    const errorId = `${inputId}-error`;
    const describedBy = [invalid[end] ? errorId : null, boundsCents ? hintId : null].filter(Boolean);
    return (
      <div className="bt-field">
        <label className="bt-field__label" htmlFor={inputId}>
          {fieldLabel}
        </label>
        <input
          id={inputId}
          className="bt-input bt-price-range__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={drafts[end] ?? amountText(end === 'min' ? shown.minCents : shown.maxCents)}
          aria-invalid={invalid[end] || undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          data-invalid={invalid[end] || undefined}
          onChange={(event) => {
            setDrafts({ ...drafts, [end]: event.target.value });
            // Gone as the person types again, not when they leave the field: the content under it
            // must not move between the press and the release of a click elsewhere.
            if (notice.text) setNotice({ text: '', key: notice.key });
          }}
          onBlur={() => commit(end)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit(end);
          }}
        />
        {invalid[end] ? (
          <div id={errorId} className="bt-field__error">
            {PRICE_RANGE_MESSAGES.invalid}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset className={cx('bt-price-range', className)}>
      <legend className="bt-price-range__legend">{label}</legend>
      <div className="bt-price-range__fields">
        {field('min', PRICE_RANGE_MESSAGES.from)}
        {field('max', PRICE_RANGE_MESSAGES.to)}
      </div>
      {boundsCents ? (
        <p id={hintId} className="bt-field__description bt-price-range__hint">
          {PRICE_RANGE_MESSAGES.bounds(formatEuros(boundsCents.minCents), formatEuros(boundsCents.maxCents))}
        </p>
      ) : null}
      {/* Always in the page, so a screen reader hears the notice when it appears. */}
      <div role="status" className="bt-price-range__status">
        {notice.text ? (
          <p key={notice.key} className="bt-price-range__notice">
            <InfoIcon size={16} />
            {notice.text}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
