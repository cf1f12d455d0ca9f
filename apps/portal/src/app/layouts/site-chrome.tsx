/**
 * What every layout shares: the skip link, the loading bar on route and parameter changes, the
 * header slot, the main landmark, the footer and the cookie consent, and the page-view analytics.
 * The markup is `SiteFrame`'s (site-frame.tsx), which /login's first screen renders before the router.
 */
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { tracker } from '../../features/analytics/tracker-instance.ts';
import { useCookieConsent } from '../../features/consent/use-cookie-consent.ts';
import { SiteFrame } from './site-frame.tsx';

// Loaded only when the consent is unanswered: most visits never need the dialog's code.
const CookieConsent = lazy(() => import('../../features/legal/cookie-consent.tsx'));

/** The history entry whose page view was sent last. */
let lastPageView: string | undefined;

export function SiteChrome({
  header,
  subHeader = null,
  children,
  hasCookieControl = true,
}: {
  header: ReactNode;
  /** A bar under the header: the training sub-menu, or a layout's sub-header (the account's). */
  subHeader?: ReactNode;
  children: ReactNode;
  /** Whether the blocking cookie dialog shows while the consent is unanswered (not on the legal pages). */
  hasCookieControl?: boolean;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // The page's name from its route manifest (the innermost route that names one).
  const view = useMatches()
    .map((match) => (match.handle as { view?: string } | undefined)?.view)
    .findLast((name) => name !== undefined);
  const consent = useCookieConsent();

  useEffect(() => {
    // A chrome that mounts again on the same page (an error page's, once the session says the
    // pharmacist is logged in) does not count the page twice.
    if (location.key === lastPageView) return;
    lastPageView = location.key;
    // Titles are set by the pages' effects, which run before this one.
    tracker.pageView(location.pathname + location.search, document.title, view);
  }, [location.key, location.pathname, location.search, view]);

  return (
    <SiteFrame
      header={header}
      subHeader={subHeader}
      isLoading={navigation.state !== 'idle'}
      dialog={
        hasCookieControl && consent.value === null ? (
          <Suspense fallback={null}>
            <CookieConsent onChoice={consent.choose} />
          </Suspense>
        ) : null
      }
    >
      {children}
    </SiteFrame>
  );
}
