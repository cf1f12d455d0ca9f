/** The portal's analytics: `window.dataLayer`, gated by the cookie consent. */
import { readConsent } from '../consent/consent.ts';
import { createAnalytics, type DataLayerEvent } from './analytics.ts';

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

window.dataLayer ??= [];

export const analytics = createAnalytics(
  window.dataLayer,
  () => readConsent(document.cookie)?.analytics === true,
);
