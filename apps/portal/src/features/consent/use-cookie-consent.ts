/** The cookie consent in React: the stored choice, and storing a new one (which emits cookies_selection). */
import { atom, useAtom } from 'jotai';
import { analytics } from '../analytics/analytics-instance.ts';
import { type CookieConsent, consentCookie, readConsent } from './consent.ts';

const consentAtom = atom<CookieConsent | null>(readConsent(document.cookie));

export function useCookieConsent() {
  const [value, setValue] = useAtom(consentAtom);
  return {
    value,
    choose(choice: { marketing: boolean; analytics: boolean }) {
      document.cookie = consentCookie(choice, window.location.protocol === 'https:');
      setValue({ essential: true, ...choice });
      analytics.track({ event: 'cookies_selection', ...choice });
    },
  };
}
