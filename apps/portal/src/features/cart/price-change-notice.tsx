/**
 * Tells the pharmacist which lines of his cart the laboratory has repriced since he last saved it:
 * each product by name, the price before and now, in words (never by colour alone), announced once
 * as a status when it appears.
 */
import type { PriceChange } from './price-changes.ts';
import { priceChangeText } from './price-changes.ts';

export interface PriceChangeNoticeProps {
  changes: readonly PriceChange[];
}

export function PriceChangeNotice({ changes }: PriceChangeNoticeProps) {
  return (
    <div className="cart__price-changes" role="status">
      {changes.length > 0 && (
        <>
          <p className="cart__price-changes-title">
            {changes.length === 1
              ? 'Un producto de tu pedido ha cambiado de precio desde la última vez que lo guardaste.'
              : `${String(changes.length)} productos de tu pedido han cambiado de precio desde la última vez que lo guardaste.`}
          </p>
          <ul className="cart__price-changes-list">
            {changes.map((change) => (
              <li key={change.productId}>
                <strong>{change.name}</strong>: {priceChangeText(change)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
