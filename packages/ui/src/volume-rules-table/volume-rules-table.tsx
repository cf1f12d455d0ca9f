import { eurosToCents, formatEuros } from '@botica/domain';
import { cx } from '../internal/class-names.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';

/** One tier of a product's volume prices, as `GET /api/v1/products/{id}/table-cartrules` sends it. */
export interface VolumeRule {
  /** The first quantity of the tier. */
  min_quantity: number;
  /** The last quantity of the tier; `null` or absent for 'or more'. */
  max_quantity?: number | null;
  /** The client's unit price in the tier, in euros (as on the wire). */
  unit_price: number;
  /** The tier's discount on the unit price, in percent. */
  discount_percent?: number;
}

export interface VolumeRulesTableProps {
  /** The tiers, in any order. */
  rules: readonly VolumeRule[];
  /** The quantity in the cart: its tier is highlighted. */
  quantity?: number | undefined;
  /**
   * The table's caption.
   * @default 'Precios por volumen'
   */
  caption?: string;
  /**
   * Shows placeholder rows while the tiers load.
   * @default false
   */
  isLoading?: boolean;
  /** A load error to show instead of the table. */
  error?: string | null | undefined;
  /** Extra class names. */
  className?: string;
}

function tierLabel(rule: VolumeRule): string {
  if (rule.max_quantity === null || rule.max_quantity === undefined) return `${rule.min_quantity} o más`;
  if (rule.max_quantity === rule.min_quantity) return `${rule.min_quantity}`;
  return `${rule.min_quantity} – ${rule.max_quantity}`;
}

function inTier(rule: VolumeRule, quantity: number): boolean {
  return quantity >= rule.min_quantity && (rule.max_quantity == null || quantity <= rule.max_quantity);
}

/**
 * A product's volume prices: units, unit price and the saving against the first tier; the tier of
 * the cart's quantity is highlighted.
 */
export function VolumeRulesTable({
  rules,
  quantity,
  caption = 'Precios por volumen',
  isLoading = false,
  error,
  className,
}: VolumeRulesTableProps) {
  if (error) {
    return (
      <p className="bt-volume-rules__message bt-volume-rules__message--error" role="alert">
        {error}
      </p>
    );
  }
  const sorted = [...rules].sort((a, b) => a.min_quantity - b.min_quantity);
  const baseCents = sorted[0] ? eurosToCents(sorted[0].unit_price) : 0;
  if (!isLoading && sorted.length === 0) {
    return <p className="bt-volume-rules__message">Este producto no tiene precios por volumen.</p>;
  }
  return (
    <table className={cx('bt-volume-rules', className)} aria-busy={isLoading || undefined}>
      <caption className="bt-volume-rules__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Unidades</th>
          <th scope="col" className="bt-volume-rules__number">
            Precio por unidad
          </th>
          <th scope="col" className="bt-volume-rules__number">
            Ahorro
          </th>
        </tr>
      </thead>
      <tbody>
        {isLoading
          ? [0, 1, 2].map((row) => (
              <tr key={row}>
                <td>
                  <Skeleton width="4rem" />
                </td>
                <td>
                  <Skeleton width="5rem" />
                </td>
                <td>
                  <Skeleton width="3rem" />
                </td>
              </tr>
            ))
          : sorted.map((rule) => {
              const cents = eurosToCents(rule.unit_price);
              const saving = baseCents > 0 ? Math.round(((baseCents - cents) / baseCents) * 100) : 0;
              const isCurrent = quantity !== undefined && inTier(rule, quantity);
              return (
                <tr key={rule.min_quantity} className={cx(isCurrent && 'bt-volume-rules__row--current')}>
                  <th scope="row">
                    {tierLabel(rule)}{' '}
                    {rule.max_quantity === rule.min_quantity && rule.min_quantity === 1 ? 'ud' : 'uds'}
                    {isCurrent ? <span className="bt-volume-rules__current"> · tu pedido</span> : null}
                  </th>
                  <td className="bt-volume-rules__number">{formatEuros(cents)}</td>
                  <td className="bt-volume-rules__number">{saving > 0 ? `−${saving} %` : '—'}</td>
                </tr>
              );
            })}
      </tbody>
    </table>
  );
}
