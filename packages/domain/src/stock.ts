/**
 * A product's stock state as the pharmacist reads it, from the units in stock: sold out, the last
 * units (fewer than ten) or in stock. The server shows it; the back office shows what a number of
 * units will read as before it is saved.
 */

/** Below this many units a product shows as low in stock ('Últimas unidades'). */
export const LOW_STOCK_UNITS = 10;

/** The states of a product's stock. */
export type StockState = 'in_stock' | 'low_stock' | 'out_of_stock';

/**
 * The stock state of a number of units.
 * @example stockStateOf(0) // 'out_of_stock'
 * @example stockStateOf(9) // 'low_stock'
 */
export function stockStateOf(units: number): StockState {
  if (units <= 0) return 'out_of_stock';
  return units < LOW_STOCK_UNITS ? 'low_stock' : 'in_stock';
}
