/**
 * What a sold-out product can be replaced with when the laboratory has chosen nothing: products for
 * the same health problem that are taken the same way (the same form: capsules for capsules, a cream
 * for a cream), active and in stock, the closest first.
 */
import { stockStateOf } from './stock.ts';

/** How a product is taken, read from its format (and name): what a substitute must share. */
export type ProductForm =
  | 'capsules'
  | 'tablets'
  | 'sachets'
  | 'liquid'
  | 'topical'
  | 'infusion'
  | 'powder'
  | 'other';

/**
 * The words that name each form, tried in this order: a count of capsules, tablets, sachets or bags
 * names the form outright; then a topical word, in the format or the name, wins over the
 * millilitres or grams of its tube ('Crema de árnica', '50 ml').
 */
const FORM_WORDS: readonly (readonly [ProductForm, RegExp])[] = [
  ['capsules', /\b(capsulas?|caps|perlas?)\b/],
  ['tablets', /\b(comprimidos?|comp|pastillas?|grageas?|gominolas?)\b/],
  ['sachets', /\b(sobres?|sticks?)\b/],
  ['infusion', /\b(bolsitas?|infusion(es)?|filtros?)\b/],
  ['topical', /\b(gel|geles|crema|cremas|pomada|unguento|balsamo|locion|roll-on|emulsion)\b/],
  ['liquid', /\b(ml|cl|l|litros?|viales?|ampollas?|jarabe|gotas|solucion|bebibles?)\b/],
  ['powder', /\b(g|gr|gramos|kg|polvo)\b/],
];

/** Lower case without accents, digits kept apart from units ('50ml' → '50 ml'). */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d)([a-z])/g, '$1 $2');
}

/**
 * A product's form from its format text ('60 cápsulas', '200 ml'), and its name where the format
 * says only an amount (a '50 ml' gel is a gel, not a syrup). 'other' when nothing names one.
 * @example productFormOf('60 cápsulas') // 'capsules'
 * @example productFormOf('50 ml', 'Gel de árnica') // 'topical'
 */
export function productFormOf(format: string, name = ''): ProductForm {
  const formatText = plain(format);
  const nameText = plain(name);
  for (const [form, words] of FORM_WORDS) {
    if (form === 'topical' ? words.test(formatText) || words.test(nameText) : words.test(formatText))
      return form;
  }
  return 'other';
}

/** A product as the substitutes rule compares it. */
export interface SubstituteCandidate {
  id: number;
  name: string;
  format: string;
  priceCents: number;
  stockUnits: number;
  isActive: boolean;
  /** Its health-problem categories (the second tree). */
  healthCategoryIds: readonly number[];
}

/** How many substitutes a page shows. */
export const SUBSTITUTES_SHOWN = 4;

/**
 * The default substitutes of a product among candidates: active, not sold out, of the same form and
 * sharing at least one health-problem category; ordered by the categories they share (most first),
 * then in stock before the last units, then the nearest price, then the name.
 * @example defaultSubstitutes(soldOutValerian, catalogue).map((p) => p.id) // [12, 31, 7]
 */
export function defaultSubstitutes<T extends SubstituteCandidate>(
  product: SubstituteCandidate,
  candidates: readonly T[],
  limit = SUBSTITUTES_SHOWN,
): T[] {
  const form = productFormOf(product.format, product.name);
  if (form === 'other' || product.healthCategoryIds.length === 0) return [];
  const categories = new Set(product.healthCategoryIds);
  const ranked = candidates
    .filter(
      (candidate) =>
        candidate.id !== product.id &&
        candidate.isActive &&
        stockStateOf(candidate.stockUnits) !== 'out_of_stock' &&
        productFormOf(candidate.format, candidate.name) === form,
    )
    .map((candidate) => ({
      candidate,
      shared: candidate.healthCategoryIds.filter((id) => categories.has(id)).length,
      low: stockStateOf(candidate.stockUnits) === 'low_stock' ? 1 : 0,
      distance: Math.abs(candidate.priceCents - product.priceCents),
    }))
    .filter((entry) => entry.shared > 0);
  ranked.sort(
    (a, b) =>
      b.shared - a.shared ||
      a.low - b.low ||
      a.distance - b.distance ||
      a.candidate.name.localeCompare(b.candidate.name, 'es') ||
      a.candidate.id - b.candidate.id,
  );
  return ranked.slice(0, limit).map((entry) => entry.candidate);
}

/**
 * Whether a product may be offered as a substitute at all: active and not sold out. The
 * laboratory's own list is shown through it, in its order.
 */
export function isOfferable(product: Pick<SubstituteCandidate, 'isActive' | 'stockUnits'>): boolean {
  return product.isActive && stockStateOf(product.stockUnits) !== 'out_of_stock';
}
