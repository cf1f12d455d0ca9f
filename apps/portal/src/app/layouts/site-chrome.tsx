/**
 * What every layout shares: the skip link, the loading bar on route and parameter changes, the
 * header slot, the main landmark, the footer and the cookie consent, and the page-view analytics.
 */
import { Footer, LoadingBar } from '@botica/ui';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { analytics } from '../../features/analytics/analytics-instance.ts';
import { useCookieConsent } from '../../features/consent/use-cookie-consent.ts';
import './site-chrome.css';

// Loaded only when the consent is unanswered: most visits never need the dialog's code.
const CookieConsent = lazy(() => import('./cookie-consent.tsx'));

/** The history entry whose page view was sent last. */
let lastPageView: string | undefined;

export function SiteChrome({
  header,
  subHeader,
  children,
}: {
  header: ReactNode;
  /** A bar under the header (the training sub-menu), outside the page's main landmark. */
  subHeader?: ReactNode;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const consent = useCookieConsent();

  useEffect(() => {
    // A chrome that mounts again on the same page (an error page's, once the session says the
    // pharmacist is logged in) does not count the page twice.
    if (location.key === lastPageView) return;
    lastPageView = location.key;
    // Titles are set by the pages' effects, which run before this one.
    analytics.pageView(location.pathname + location.search, document.title);
  }, [location.key, location.pathname, location.search]);

  return (
    <div className={subHeader ? 'site site--with-sub-header' : 'site'}>
      <a className="site__skip" href="#contenido">
        Saltar al contenido
      </a>
      <LoadingBar isLoading={navigation.state !== 'idle'} />
      {header}
      {subHeader}
      <main id="contenido" className="site__main" tabIndex={-1}>
        {children}
      </main>
      <Footer onLinkPress={(label) => analytics.track({ event: 'footer_menu', label })} />
      {consent.value === null ? (
        <Suspense fallback={null}>
          <CookieConsent onChoice={consent.choose} />
        </Suspense>
      ) : null}
    </div>
  );
}
