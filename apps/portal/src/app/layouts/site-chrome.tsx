/**
 * What every layout shares: the skip link, the loading bar on route and parameter changes, the
 * header slot, the main landmark, the footer and the cookie consent, and the page-view analytics.
 */
import { addressLines, formatPhone } from '@botica/domain';
import { Footer, LoadingBar } from '@botica/ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { tracker } from '../../features/analytics/tracker-instance.ts';
import { useCookieConsent } from '../../features/consent/use-cookie-consent.ts';
import { pageLaboratory } from '../../features/legal/laboratory.ts';
import { POLICY_LINKS } from '../../shared/navigation.ts';
import { useHeaderRoom } from './header-room.ts';
import './site-chrome.css';

// Loaded only when the consent is unanswered: most visits never need the dialog's code.
const CookieConsent = lazy(() => import('../../features/legal/cookie-consent.tsx'));

/** The history entry whose page view was sent last. */
let lastPageView: string | undefined;

/** The footer's contact block: the laboratory's (served in the page), as the legal pages name it. */
function footerContact() {
  const laboratory = pageLaboratory();
  return {
    address: addressLines(laboratory),
    // Grouped as the e-mails and the invoices write it ('+34 91 000 00 00').
    phone: formatPhone(laboratory.phone),
    email: laboratory.salesEmail,
  };
}

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
  const site = useRef<HTMLDivElement>(null);
  useHeaderRoom(site);

  useEffect(() => {
    // A chrome that mounts again on the same page (an error page's, once the session says the
    // pharmacist is logged in) does not count the page twice.
    if (location.key === lastPageView) return;
    lastPageView = location.key;
    // Titles are set by the pages' effects, which run before this one.
    tracker.pageView(location.pathname + location.search, document.title, view);
  }, [location.key, location.pathname, location.search, view]);

  return (
    <div ref={site} className={subHeader ? 'site site--with-sub-header' : 'site'}>
      <a className="site__skip" href="#contenido">
        Saltar al contenido
      </a>
      {header}
      {subHeader}
      <main id="contenido" className="site__main" tabIndex={-1}>
        {/* Fixed at the top of the window; inside the main landmark so that all content is in one. */}
        <LoadingBar isLoading={navigation.state !== 'idle'} />
        {children}
      </main>
      <Footer
        legalLinks={POLICY_LINKS}
        contact={footerContact()}
        labName={pageLaboratory().legalName}
        onLinkPress={(label) => tracker.track({ event: 'footer_menu', label })}
      />
      {hasCookieControl && consent.value === null ? (
        <Suspense fallback={null}>
          <CookieConsent onChoice={consent.choose} />
        </Suspense>
      ) : null}
    </div>
  );
}
