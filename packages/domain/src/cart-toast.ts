/** The add-to-cart toast's text. */
import { formatCount } from './numbers.ts';
import { unitWord } from './quantity.ts';

/**
 * The text of the toast after adding to or updating the cart: a new line (previous quantity 0) says
 * what was added; an existing line says how many units it now has.
 * @example addToCartToast(0, 3) // 'Has agregado 3 unidades en tu pedido'
 * @example addToCartToast(0, 1) // 'Has agregado 1 unidad en tu pedido'
 * @example addToCartToast(3, 5) // 'Ahora tienes 5 unidades en tu pedido'
 * @example addToCartToast(9000, 9999) // 'Ahora tienes 9.999 unidades en tu pedido'
 */
export function addToCartToast(previousQuantity: number, newQuantity: number): string {
  const units = `${formatCount(newQuantity)} ${unitWord(newQuantity)}`;
  return previousQuantity === 0 ? `Has agregado ${units} en tu pedido` : `Ahora tienes ${units} en tu pedido`;
}
