/**
 * The layout of the legal pages (spec §2 'policy'): the laboratory's name linking home, the page and
 * the footer; the same for an anonymous visitor and a logged-in pharmacist (spec §6), so it asks the
 * server nothing. No blocking cookie dialog here: the cookie policy and the privacy policy must be
 * readable before choosing (the dialog's link opens them), and the cookie policy has its own control.
 */
import { LeafIcon } from '@botica/ui';
import { Link, Outlet } from 'react-router';
import { pageLaboratory } from '../../features/legal/laboratory.ts';
import { SiteChrome } from './site-chrome.tsx';
import './policy-layout.css';

function PolicyHeader() {
  return (
    <header className="policy-header">
      <div className="policy-header__inner">
        <Link to="/" className="policy-header__brand" aria-label={`${pageLaboratory().tradeName}: inicio`}>
          <span className="policy-header__mark" aria-hidden="true">
            <LeafIcon size={22} />
          </span>
          {pageLaboratory().tradeName}
        </Link>
      </div>
    </header>
  );
}

export function PolicyLayout() {
  return (
    <SiteChrome header={<PolicyHeader />} hasCookieControl={false}>
      <Outlet />
    </SiteChrome>
  );
}
