import { Badge, type BadgeTone } from '../badge/badge.tsx';
import type { StockLevel } from '../types.ts';

export interface StockBadgeProps {
  /** The API's stock state, or units in stock; `null` or absent when the stock is unknown. */
  stock?: StockLevel | null | undefined;
  /**
   * With a number of units: at or below this many the badge says 'Últimas unidades'.
   * @default 10
   */
  lowStockThreshold?: number;
  /** Extra class names. */
  className?: string;
}

/** The stock status of a product, in words, for a given stock. */
export function stockStatus(
  stock: StockLevel | null | undefined,
  lowStockThreshold = 10,
): { label: string; tone: BadgeTone } {
  if (stock === null || stock === undefined) return { label: 'Consultar disponibilidad', tone: 'neutral' };
  if (isSoldOut(stock)) return { label: 'Agotado', tone: 'danger' };
  if (stock === 'low_stock' || (typeof stock === 'number' && stock <= lowStockThreshold)) {
    return { label: 'Últimas unidades', tone: 'warning' };
  }
  return { label: 'En stock', tone: 'success' };
}

/** Whether a stock level means there is none to sell. */
export function isSoldOut(stock: StockLevel | null | undefined): boolean {
  return stock === 'out_of_stock' || (typeof stock === 'number' && stock <= 0);
}

/** 'En stock', 'Últimas unidades', 'Agotado' or 'Consultar disponibilidad'. */
export function StockBadge({ stock, lowStockThreshold = 10, className }: StockBadgeProps) {
  const { label, tone } = stockStatus(stock, lowStockThreshold);
  return (
    <Badge tone={tone} className={className} icon={<span className="bt-stock-dot" aria-hidden="true" />}>
      {label}
    </Badge>
  );
}
