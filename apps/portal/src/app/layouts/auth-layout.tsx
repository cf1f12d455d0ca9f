/**
 * The layout of the login pages: the laboratory's brand at the top, the page, the footer
 * and the cookie control.
 */
import { Outlet } from 'react-router';
import { BrandHeader } from './brand-header.tsx';
import { SiteChrome } from './site-chrome.tsx';

export function AuthLayout() {
  return (
    <SiteChrome header={<BrandHeader />}>
      <Outlet />
    </SiteChrome>
  );
}
