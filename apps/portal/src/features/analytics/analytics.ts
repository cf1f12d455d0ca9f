/**
 * Analytics for the laboratory's tag manager: the page's events (tracker.ts) and the shop's, GA4's
 * ecommerce events with the cart's amounts.
 */
import { CURRENCY, centsToEuros, linePriceCents, unitPriceCents } from '@botica/domain';
import { createTracker, type DataLayerEvent, type Tracker } from './tracker.ts';

export type { DataLayerEvent } from './tracker.ts';

/** A product as analytics reports it. */
export interface AnalyticsProduct {
  id: number;
  reference: string;
  name: string;
  price: number;
  final_price?: number | null | undefined;
}

/** The ecommerce events of GA4, in EUR. */
export type EcommerceEvent = 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'begin_checkout' | 'purchase';

/** Pushes the page's and the shop's events to a data layer, honouring the consent. */
export interface Analytics extends Tracker {
  ecommerce(
    event: EcommerceEvent,
    lines: { product: AnalyticsProduct; quantity: number }[],
    extra?: Record<string, unknown>,
  ): void;
}

/** The shop's events on top of a page's tracker (the same data layer and consent). */
export function withEcommerce(tracker: Tracker): Analytics {
  return {
    ...tracker,
    ecommerce(event, lines, extra = {}) {
      const valueCents = lines.reduce((sum, line) => sum + linePriceCents(line), 0);
      tracker.track({
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

/**
 * @param dataLayer The tag manager's array (`window.dataLayer`).
 * @param hasAnalyticsConsent Read at every event: consent can be given or withdrawn at any time.
 */
export function createAnalytics(dataLayer: DataLayerEvent[], hasAnalyticsConsent: () => boolean): Analytics {
  return withEcommerce(createTracker(dataLayer, hasAnalyticsConsent));
}
