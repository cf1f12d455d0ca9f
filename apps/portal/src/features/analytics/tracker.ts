/**
 * The events every page sends the laboratory's tag manager (`window.dataLayer`): page views, menu
 * and footer clicks, the cookie choice. Before the pharmacist consents to analytics only essential
 * events pass (the consent choice itself); everything else is dropped, not queued. The shop's events
 * (analytics.ts) add the cart's amounts; they are apart because every page's first load carries this
 * module, and the cart's rules are not part of it.
 */

/** One `dataLayer` entry. */
export type DataLayerEvent = { event: string } & Record<string, unknown>;

/** Events that pass without analytics consent: they only record the consent itself. */
const ESSENTIAL_EVENTS = new Set(['cookies_selection']);

/** Pushes events to a data layer, honouring the consent. */
export interface Tracker {
  track(event: DataLayerEvent): void;
  /**
   * A page seen: its path, its title and, when its route names it, the page's name shared by every
   * page of its kind (GA4's `content_group`: 'Producto' for every product's page).
   */
  pageView(path: string, title: string, view?: string): void;
}

/**
 * @param dataLayer The tag manager's array (`window.dataLayer`).
 * @param hasAnalyticsConsent Read at every event: consent can be given or withdrawn at any time.
 */
export function createTracker(dataLayer: DataLayerEvent[], hasAnalyticsConsent: () => boolean): Tracker {
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
  };
}
