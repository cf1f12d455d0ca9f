/**
 * The chrome of the back office's screens: the skip link, the header with the back office's own
 * navigation (the sections the user's role may open) and 'Salir', the loading bar, the page, the
 * footer.
 */
import type { User } from '@botica/api-client/schemas';
import { AriaScope, type ForRoles, itemsForRole } from '@botica/app-shell';
import { AppHeader, Footer, LoadingBar, type NavItem } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { currentUser, isStaff, logOut, userAtom } from '../features/auth/session.ts';
import { MaintenanceBanner } from '../features/configuration/maintenance-banner.tsx';
import { LOGIN_PATH, STAFF_LAB_NAME } from '../shared/paths.ts';
import './staff-layout.css';

/** A section of the back office in the header's menu, for the roles that may open it (all staff when absent). */
export interface StaffMenuItem extends NavItem, ForRoles<User['role']> {}

/** The back office's sections, in the header's menu. */
export const STAFF_MENU: readonly StaffMenuItem[] = [
  { label: 'Pedidos', href: '/orders' },
  { label: 'Farmacias', href: '/pharmacies' },
  { label: 'Catálogo', href: '/catalogue' },
  { label: 'Noticias', href: '/news' },
  { label: 'Formación', href: '/training/webinars' },
  { label: 'Mensajes', href: '/messages' },
  { label: 'Escaparate', href: '/showcase' },
  { label: 'Encuestas', href: '/surveys' },
  { label: 'Solicitudes de alta', href: '/registrations', roles: ['admin'] },
  { label: 'Registro de cambios', href: '/audit', roles: ['admin'] },
  { label: 'Integración', href: '/integration', roles: ['admin'] },
  { label: 'Configuración', href: '/configuration', roles: ['admin'] },
];

/** The sections `user` may open, in the menu's order: none for anyone who is not staff. */
export function staffMenuOf(user: User | null): StaffMenuItem[] {
  return isStaff(user) ? itemsForRole(STAFF_MENU, user.role) : [];
}

function StaffHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const isLoggedIn = isStaff(user);
  // Outside the staff's layout (an unknown address), who is there is asked once the page shows.
  useEffect(() => {
    if (!isLoggedIn) void currentUser().catch(() => undefined);
  }, [isLoggedIn]);
  return (
    <AppHeader
      isLoggedIn={isLoggedIn}
      homeHref="/"
      labName={STAFF_LAB_NAME}
      navigation={staffMenuOf(user)}
      currentPath={location.pathname}
      loginHref={LOGIN_PATH}
      labels={{ navigation: 'Back office' }}
      onLogout={() => void logOut().then(() => navigate(LOGIN_PATH))}
    />
  );
}

/**
 * The staff's chrome around any content: a screen, or an error page (an unknown address, a
 * refused section, a layout that failed). Anyone who is not staff sees it without the menu, with
 * the way to the login page.
 */
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
