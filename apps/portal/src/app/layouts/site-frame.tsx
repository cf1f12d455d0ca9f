/**
 * The markup every layout shares, without the router: the skip link, the header slot, the main
 * landmark with the loading bar, the footer with the laboratory's contact, and a slot for the cookie
 * dialog. The layouts render it through `SiteChrome` (site-chrome.tsx), which adds what needs the
 * router; /login's first screen, painted before the router, renders it alone (src/app/first-screen.tsx).
 */
import { addressLines, formatPhone } from '@botica/domain';
import { Footer, LoadingBar } from '@botica/ui';
import { type ReactNode, useRef } from 'react';
import { tracker } from '../../features/analytics/tracker-instance.ts';
import { pageLaboratory } from '../../features/legal/laboratory.ts';
import { POLICY_LINKS } from '../../shared/navigation.ts';
import { useHeaderRoom } from './header-room.ts';
import './site-chrome.css';

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

export interface SiteFrameProps {
  header: ReactNode;
  /** A bar under the header: the training sub-menu, or a layout's sub-header (the account's). */
  subHeader?: ReactNode;
  children: ReactNode;
  /** Whether a page is loading (the loading bar). */
  isLoading: boolean;
  /** After the footer: the cookie dialog, while the consent is unanswered. */
  dialog?: ReactNode;
}

export function SiteFrame({ header, subHeader = null, children, isLoading, dialog = null }: SiteFrameProps) {
  const site = useRef<HTMLDivElement>(null);
  useHeaderRoom(site);
  return (
    <div ref={site} className={subHeader ? 'site site--with-sub-header' : 'site'}>
      <a className="site__skip" href="#contenido">
        Saltar al contenido
      </a>
      {header}
      {subHeader}
      <main id="contenido" className="site__main" tabIndex={-1}>
        {/* Fixed at the top of the window; inside the main landmark so that all content is in one. */}
        <LoadingBar isLoading={isLoading} />
        {children}
      </main>
      <Footer
        legalLinks={POLICY_LINKS}
        contact={footerContact()}
        labName={pageLaboratory().legalName}
        onLinkPress={(label) => tracker.track({ event: 'footer_menu', label })}
      />
      {dialog}
    </div>
  );
}
