/**
 * Analytics for the laboratory's tag manager: events pushed to `window.dataLayer`. Before
 * the pharmacist consents to analytics only essential events pass (the consent choice itself);
 * everything else is dropped, not queued.
 */
import { CURRENCY, centsToEuros, linePriceCents, unitPriceCents } from '@botica/domain';

/** A product as analytics reports it. */
export interface AnalyticsProduct {
  id: number;
  reference: string;
  name: string;
  price: number;
  final_price?: number | null | undefined;
}

/** One `dataLayer` entry. */
export type DataLayerEvent = { event: string } & Record<string, unknown>;

/** Events that pass without analytics consent: they only record the consent itself. */
const ESSENTIAL_EVENTS = new Set(['cookies_selection']);

/** The ecommerce events of GA4, in EUR. */
export type EcommerceEvent = 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'begin_checkout' | 'purchase';

/** Pushes events to a data layer, honouring the consent. */
export interface Analytics {
  track(event: DataLayerEvent): void;
  /**
   * A page seen: its path, its title and, when its route names it, the page's name shared by every
   * page of its kind (GA4's `content_group`: 'Producto' for every product's page).
   */
  pageView(path: string, title: string, view?: string): void;
  ecommerce(
    event: EcommerceEvent,
    lines: { product: AnalyticsProduct; quantity: number }[],
    extra?: Record<string, unknown>,
  ): void;
}

/**
 * @param dataLayer The tag manager's array (`window.dataLayer`).
 * @param hasAnalyticsConsent Read at every event: consent can be given or withdrawn at any time.
 */
export function createAnalytics(dataLayer: DataLayerEvent[], hasAnalyticsConsent: () => boolean): Analytics {
  const track = (event: DataLayerEvent) => {
    if (ESSENTIAL_EVENTS.has(event.event) || hasAnalyticsConsent()) dataLayer.push(event);
  };
  return {
    track,
    pageView(path, title, view) {
      track({
        event: 'page_view',
        page_path: path,
        page_title: title,
        ...(view === undefined ? {} : { content_group: view }),
      });
    },
    ecommerce(event, lines, extra = {}) {
      const valueCents = lines.reduce((sum, line) => sum + linePriceCents(line), 0);
      track({
        event,
        ecommerce: {
          currency: CURRENCY,
          value: centsToEuros(valueCents),
          items: lines.map(({ product, quantity }) => ({
            item_id: product.reference,
            item_name: product.name,
            price: centsToEuros(unitPriceCents(product)),
            quantity,
          })),
          ...extra,
        },
      });
    },
  };
}
