/**
 * An account page not built yet (PEDIDOS WEB, ENVIOS and MIS FACTURAS are on their way): the route
 * exists, the page shows only its title.
 */

import { useDocumentTitle } from '@botica/app-shell';
import { useLocation } from 'react-router';
import { ACCOUNT_SECTIONS } from '../../shared/navigation.ts';

export function Component() {
  const { pathname } = useLocation();
  const title = ACCOUNT_SECTIONS.find((section) => section.href === pathname)?.label ?? 'Mi cuenta';
  useDocumentTitle(title);
  return <h1 className="account__title">{title}</h1>;
}
