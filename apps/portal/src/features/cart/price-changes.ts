/**
 * The lines whose price the laboratory changed since the pharmacist last saved the cart: the server
 * says so with each line's `previous_price` (the unit price of the last acknowledged save), until the
 * next save acknowledges the new one.
 */
import type { Cart } from '@botica/api-client/schemas';
import { eurosToCents, formatEuros } from '@botica/domain';

/** One line's change of unit price. */
export interface PriceChange {
  productId: number;
  name: string;
  /** The unit price the pharmacist saw, in cents. */
  previousCents: number;
  /** The unit price now, in cents. */
  currentCents: number;
}

/**
 * The price changes of a cart's lines still shown (`shownIds`: a line removed meanwhile has nothing
 * to tell), in the cart's order.
 */
export function priceChanges(cart: Cart | null | undefined, shownIds: ReadonlySet<number>): PriceChange[] {
  if (!cart) return [];
  return cart.items.flatMap((item) => {
    const previous = item.previous_price;
    if (previous === undefined || previous === null || !shownIds.has(item.product.id)) return [];
    const currentCents = eurosToCents(item.product.final_price ?? item.product.price);
    const previousCents = eurosToCents(previous);
    if (previousCents === currentCents) return [];
    return [{ productId: item.product.id, name: item.product.name, previousCents, currentCents }];
  });
}

/** The notice of one change, as the cart reads it out: 'El precio ha cambiado: antes 4,50 €, ahora 4,95 €.' */
export function priceChangeText(change: PriceChange): string {
  return `El precio ha cambiado: antes ${formatEuros(change.previousCents)}, ahora ${formatEuros(change.currentCents)}.`;
}
