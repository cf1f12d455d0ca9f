/** The cookie consent in React: the stored choice, and storing a new one (which emits cookies_selection). */
import { atom, useAtom } from 'jotai';
import { tracker } from '../analytics/tracker-instance.ts';
import { type CookieConsent, consentCookie, readConsent } from './consent.ts';

const consentAtom = atom<CookieConsent | null>(readConsent(document.cookie));

export function useCookieConsent() {
  const [value, setValue] = useAtom(consentAtom);
  return {
    value,
    choose({ marketing, analytics: allowAnalytics }: { marketing: boolean; analytics: boolean }) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which pharmacies use.
      document.cookie = consentCookie(
        { marketing, analytics: allowAnalytics },
        window.location.protocol === 'https:',
      );
      setValue({ essential: true, marketing, analytics: allowAnalytics });
      tracker.track({ event: 'cookies_selection', marketing, analytics: allowAnalytics });
    },
  };
}
