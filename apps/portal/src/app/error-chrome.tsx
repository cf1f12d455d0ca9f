/**
 * The site around an error page: for a logged-in pharmacist the header with the
 * menu, 'Mi pedido', 'Mi cuenta' and 'Salir', and the footer; for anyone else the anonymous chrome of
 * the login pages (the footer and the cookie control).
 *
 * A first load of an unknown address paints the anonymous chrome at once, without the API client
 * (docs/decisions/006); once painted, a plain request asks whether there is a session, and only then
 * does the client layout's chunk load and, for a client, the logged-in header take the page. Reached
 * from a logged-in screen, the chunk and the user are known already: the header stays from the start.
 */

import { afterPaint } from '@botica/app-shell';
import { type ReactNode, useEffect, useState } from 'react';
import { isAnonymous } from '../features/auth/anonymous-check.ts';
import { loadClientLayout, loadedClientLayout } from './client-layout.ts';
import { SiteChrome } from './layouts/site-chrome.tsx';

const loadSession = () => import('../features/auth/session.ts');

export function ErrorChrome({ children }: { children: ReactNode }) {
  const [layout, setLayout] = useState(loadedClientLayout);

  useEffect(() => {
    if (layout !== undefined) return;
    let isCurrent = true;
    const check = async () => {
      if (await isAnonymous()) return;
      const [module, session] = await Promise.all([loadClientLayout(), loadSession()]);
      // Who it is, before the chrome changes: it then changes once, to the right one.
      await session.currentUser();
      if (isCurrent) setLayout(module);
    };
    const cancel = afterPaint(() => void check());
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [layout]);

  if (layout !== undefined) return <layout.SessionChrome>{children}</layout.SessionChrome>;
  return <SiteChrome header={null}>{children}</SiteChrome>;
}
