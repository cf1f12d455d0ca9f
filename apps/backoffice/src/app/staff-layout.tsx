/**
 * The chrome of the back office's screens: the skip link, the header with the back office's own
 * navigation and 'Salir', the loading bar, the page, the footer.
 */
import { AriaScope } from '@botica/app-shell';
import { AppHeader, Footer, LoadingBar, type NavItem } from '@botica/ui';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { logOut, userAtom } from '../features/auth/session.ts';
import { MaintenanceBanner } from '../features/configuration/maintenance-banner.tsx';
import { menuFor } from '../features/configuration/menu.ts';
import { LOGIN_PATH } from '../shared/paths.ts';

/** The back office's sections, in the header's menu. */
export const STAFF_MENU: readonly NavItem[] = [
  { label: 'Solicitudes de alta', href: '/registrations' },
  { label: 'Configuración', href: '/configuration' },
];

function StaffHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  return (
    <AppHeader
      isLoggedIn
      homeHref="/"
      labName="Botica Back office"
      navigation={menuFor(STAFF_MENU, user)}
      currentPath={location.pathname}
      labels={{ navigation: 'Back office' }}
      onLogout={() => void logOut().then(() => navigate(LOGIN_PATH))}
    />
  );
}

/** The staff's chrome around any content (a screen, or an error page of the layout). */
export function StaffChrome({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <AriaScope>
      <div className="bo-site">
        <a className="bo-site__skip" href="#contenido">
          Saltar al contenido
        </a>
        <StaffHeader />
        <MaintenanceBanner />
        <main id="contenido" className="bo-site__main" tabIndex={-1}>
          <LoadingBar isLoading={navigation.state !== 'idle'} />
          {children}
        </main>
        <Footer brandName="Botica" tagline="Back office del laboratorio." />
      </div>
    </AriaScope>
  );
}

/** The layout of the staff's screens, behind the staff guard. */
export function StaffLayout() {
  return (
    <StaffChrome>
      <Outlet />
    </StaffChrome>
  );
}
