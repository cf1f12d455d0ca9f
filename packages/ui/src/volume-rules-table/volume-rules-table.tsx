import {
  formatCount,
  formatEuros,
  formatPercent,
  unitLabel,
  type VolumePriceRow,
  type VolumePriceTable,
} from '@botica/domain';
import { cx } from '../internal/class-names.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';

export interface VolumeRulesTableProps {
  /**
   * The product's volume prices for the client, from `volumePriceTable` of `@botica/domain` (the
   * client's price before tiers, the tiers, and the quantity of the product in the cart).
   */
  pricing: VolumePriceTable;
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

/** '1 – 5 uds', '36 o más uds': a no-break space keeps the last number with its unit on a narrow screen. */
function rangeLabel(row: VolumePriceRow): string {
  const min = formatCount(row.minQuantity);
  if (row.maxQuantity === null) return `${min} o más\u00a0uds`;
  if (row.maxQuantity === row.minQuantity) return `${min}\u00a0${unitLabel(row.minQuantity)}`;
  return `${min} – ${formatCount(row.maxQuantity)}\u00a0uds`;
}

/** '6', '6 y 12', '6, 12 y 24'. */
function listQuantities(quantities: readonly number[]): string {
  const texts = quantities.map(formatCount);
  const last = texts.pop();
  return texts.length > 0 ? `${texts.join(', ')} y ${last}` : (last ?? '');
}

/** Why some tiers are not in the table: the client's own price (or an earlier tier) already beats them. */
function skippedTiersNote(pricing: VolumePriceTable): string | null {
  const skipped = pricing.tiers.filter((tier) => !tier.applies).map((tier) => tier.minQuantity);
  if (skipped.length === 0) return null;
  const one = skipped.length === 1;
  const from = `desde ${listQuantities(skipped)} ${one ? unitLabel(skipped[0] ?? 0) : 'uds'}`;
  return pricing.hasSpecialPrice
    ? `Tu precio especial ya mejora ${one ? 'el precio' : 'los precios'} por volumen ${from}.`
    : `${one ? 'El precio' : 'Los precios'} por volumen ${from} no ${one ? 'mejora' : 'mejoran'} el de menos unidades.`;
}

/**
 * A product's volume prices for the logged-in client: for each range of units, the unit price and
 * the real saving on the client's own price (its special price, if any). Only the tiers that lower
 * the client's price are rows; a note names the others, and a client whose special price beats
 * every tier reads that instead of a table. The row of the quantity in the cart says 'Tu pedido'
 * (the page around it says how many units that is).
 * @example
 * <VolumeRulesTable pricing={volumePriceTable({ listCents: 1095, baseCents: 1095 }, tiers, inCart)} />
 */
export function VolumeRulesTable({
  pricing,
  caption = 'Precios por volumen',
  isLoading = false,
  error,
  className,
}: VolumeRulesTableProps) {
  if (error) {
    return (
      <p className={cx('bt-volume-rules__message bt-volume-rules__message--error', className)} role="alert">
        {error}
      </p>
    );
  }
  if (!isLoading && pricing.tiers.length === 0) {
    return (
      <p className={cx('bt-volume-rules__message', className)}>Este producto no tiene precios por volumen.</p>
    );
  }
  if (!isLoading && pricing.rows.length === 0) {
    return (
      <p className={cx('bt-volume-rules__message', className)}>
        {pricing.hasSpecialPrice
          ? 'Tu precio especial ya mejora los precios por volumen de este producto.'
          : 'Los precios por volumen de este producto no mejoran tu precio.'}
      </p>
    );
  }
  const note = isLoading ? null : skippedTiersNote(pricing);
  return (
    <div className={cx('bt-volume-rules-block', className)}>
      <table className="bt-volume-rules" aria-busy={isLoading || undefined}>
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
            : pricing.rows.map((row) => (
                <tr
                  key={row.minQuantity}
                  className={cx(row.isCurrent && 'bt-volume-rules__row--current')}
                  aria-current={row.isCurrent || undefined}
                >
                  <th scope="row">
                    {rangeLabel(row)}
                    {row.isCurrent ? <span className="bt-volume-rules__current">Tu pedido</span> : null}
                  </th>
                  <td className="bt-volume-rules__number">{formatEuros(row.unitCents)}</td>
                  <td className="bt-volume-rules__number">
                    {row.tier === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="bt-visually-hidden">
                          {pricing.hasSpecialPrice ? 'Tu precio especial' : 'Sin descuento'}
                        </span>
                      </>
                    ) : (
                      `−${formatPercent(row.savingPercent)}`
                    )}
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
      {note ? <p className="bt-volume-rules__note">{note}</p> : null}
    </div>
  );
}
