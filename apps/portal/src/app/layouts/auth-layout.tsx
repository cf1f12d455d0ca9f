/** The layout of the login pages (spec §2): the page, the footer and the cookie control. */
import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome.tsx';

export function AuthLayout() {
  return (
    <SiteChrome header={null}>
      <Outlet />
    </SiteChrome>
  );
}
