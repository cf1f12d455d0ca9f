/**
 * The data shapes the components take: plain objects close to the API's wire format. Amounts
 * inside wire objects (`price`, `final_price`) are euros, exactly as the API sends them; the
 * components convert them with `eurosToCents` from `@botica/domain`. Bare amounts passed as props
 * are integer cents and their names end in `Cents` (`amountCents`, `orderMinimumAmountCents`).
 */
import type { CartLine, VatRate } from '@botica/domain';

/** The image URLs of a product, by size; any may be missing (the default image stands in). */
export interface ProductImageSet {
  /** Small square image for lists, toasts and the mini cart. */
  thumbnail?: string | null;
  /** Medium image for the search results and product cards. */
  miniproduct?: string | null;
  /** Large image for the product page. */
  full?: string | null;
}

/** A product as the catalogue lists it. Prices are euros (the wire's numbers). */
export interface Product {
  id: number | string;
  name: string;
  /** The laboratory's product reference (código). */
  reference: string;
  /** Presentation, e.g. '60 cápsulas' or '250 ml'. */
  format?: string | null;
  /** List price in euros, VAT excluded. */
  price: number;
  /** The client's own price in euros, when it differs from the list price. */
  final_price?: number | null;
  image?: ProductImageSet | null;
  /** The stock: the API's state, or a number of units; `null` or absent when unknown. */
  stock?: StockLevel | null;
}

/** The API's stock state (`in_stock`, `low_stock`, `out_of_stock`), or a number of units. */
export type StockLevel = 'in_stock' | 'low_stock' | 'out_of_stock' | number;

/** A line of the cart ('Mi pedido') as the cart endpoints send it, with what the screens show. */
export interface CartItem extends CartLine {
  product: CartLine['product'] & {
    id: number | string;
    name: string;
    reference?: string;
    format?: string | null;
    image?: ProductImageSet | null;
    vat_rate: VatRate;
  };
}

/** One hit of `POST /api/v1/search`. */
export interface SearchHit {
  id: number | string;
  name: string;
  reference?: string;
  image?: { miniproduct?: string | null } | null;
}

/** One page of `POST /api/v1/search`: `page` is zero-based, `nbPages` the number of pages. */
export interface SearchResultsPage {
  hits: SearchHit[];
  page: number;
  nbPages: number;
  nbHits?: number;
}
