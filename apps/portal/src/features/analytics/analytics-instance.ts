/** The portal's analytics: the page's tracker (`window.dataLayer`, gated by the cookie consent) and the shop's events. */
import { withEcommerce } from './analytics.ts';
import { tracker } from './tracker-instance.ts';

export const analytics = withEcommerce(tracker);
