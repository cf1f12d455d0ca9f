import { Badge, type BadgeTone } from '../badge/badge.tsx';

export interface StockBadgeProps {
  /** Units in stock; `null` or absent when the stock is unknown. */
  stock?: number | null | undefined;
  /**
   * At or below this many units the badge says 'Últimas unidades'.
   * @default 10
   */
  lowStockThreshold?: number;
  /** Extra class names. */
  className?: string;
}

/** The stock status of a product, in words, for a given stock. */
export function stockStatus(
  stock: number | null | undefined,
  lowStockThreshold = 10,
): { label: string; tone: BadgeTone } {
  if (stock === null || stock === undefined) return { label: 'Consultar disponibilidad', tone: 'neutral' };
  if (stock <= 0) return { label: 'Agotado', tone: 'danger' };
  if (stock <= lowStockThreshold) return { label: 'Últimas unidades', tone: 'warning' };
  return { label: 'En stock', tone: 'success' };
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
