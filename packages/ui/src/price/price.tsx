import { eurosToCents, formatEuros, unitPriceCents } from '@botica/domain';
import { cx } from '../internal/class-names.ts';

export interface PriceProps {
  /** The amount, in integer cents. Shown only through `formatEuros` ('1.234,56 €'). */
  amountCents: number;
  /** A previous, higher amount in cents, shown struck through (e.g. the list price). */
  originalCents?: number | undefined;
  /** Text after the amount, e.g. '/ud' or 'IVA no incluido'. */
  suffix?: string | undefined;
  /**
   * The size.
   * @default 'md'
   */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Extra class names. */
  className?: string;
}

/**
 * An amount of money in es-ES euros, always through `formatEuros` from `@botica/domain`.
 * @example <Price amountCents={123456} /> // 1.234,56 €
 */
export function Price({ amountCents, originalCents, suffix, size = 'md', className }: PriceProps) {
  const isReduced = originalCents !== undefined && originalCents > amountCents;
  return (
    <span className={cx('bt-price', `bt-price--${size}`, className)}>
      {isReduced ? (
        <>
          <span className="bt-visually-hidden">Precio anterior: </span>
          <s className="bt-price__original">{formatEuros(originalCents)}</s>
          <span className="bt-visually-hidden">. Tu precio: </span>
        </>
      ) : null}
      <span className={cx('bt-price__amount', isReduced && 'bt-price__amount--reduced')}>
        {formatEuros(amountCents)}
      </span>
      {suffix ? <span className="bt-price__suffix"> {suffix}</span> : null}
    </span>
  );
}

/**
 * The prices a product shows, in cents: the client's (`final_price`, else `price`) and, when it
 * is lower, the list price to strike through.
 */
export function productPrices(product: { price: number; final_price?: number | null | undefined }): {
  amountCents: number;
  originalCents: number | undefined;
} {
  const amountCents = unitPriceCents(product);
  const listCents = eurosToCents(product.price);
  return { amountCents, originalCents: listCents > amountCents ? listCents : undefined };
}
