/**
 * The 'policy' layout of the legal pages: the laboratory's name linking home, the page and
 * the footer; the same for an anonymous visitor and a logged-in pharmacist, so it asks the
 * server nothing. No blocking cookie dialog here: the cookie policy and the privacy policy must be
 * readable before choosing (the dialog's link opens them), and the cookie policy has its own control.
 */
import { Outlet } from 'react-router';
import { BrandHeader } from './brand-header.tsx';
import { SiteChrome } from './site-chrome.tsx';
import './policy-layout.css';

export function PolicyLayout() {
  return (
    <SiteChrome header={<BrandHeader />} hasCookieControl={false}>
      <Outlet />
    </SiteChrome>
  );
}
