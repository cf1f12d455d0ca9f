/** The page's tracker on `window.dataLayer`, gated by the cookie consent (the shop's events: analytics-instance.ts). */
import { readConsent } from '../consent/consent.ts';
import { createTracker, type DataLayerEvent } from './tracker.ts';

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

window.dataLayer ??= [];

export const tracker = createTracker(
  window.dataLayer,
  () => readConsent(document.cookie)?.analytics === true,
);
