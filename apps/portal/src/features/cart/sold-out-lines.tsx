/**
 * Beside the cart's lines: each sold-out product in the cart with the products offered in its place,
 * so the pharmacist can add one without leaving the cart.
 */
import type { ProductSummary } from '@botica/api-client/schemas';
import { SubstitutesList } from '../product/substitutes-list.tsx';

export interface SoldOutLinesProps {
  lines: readonly { product: Pick<ProductSummary, 'id' | 'name' | 'stock'> }[];
}

export function SoldOutLines({ lines }: SoldOutLinesProps) {
  const soldOut = lines.filter((line) => line.product.stock === 'out_of_stock');
  if (soldOut.length === 0) return null;
  return (
    <section className="sold-out-lines" aria-labelledby="sold-out-lines-title">
      <h2 id="sold-out-lines-title" className="sold-out-lines__title">
        Productos agotados en tu pedido
      </h2>
      {soldOut.map((line) => (
        <SubstitutesList
          key={line.product.id}
          productId={line.product.id}
          headingLevel={3}
          title={`En lugar de ${line.product.name}`}
        />
      ))}
    </section>
  );
}
