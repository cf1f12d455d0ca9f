/**
 * react-aria's providers (es-ES for its strings and numbers, react-router for its links) around the
 * parts of the portal that render react-aria controls: the client layout, the cookie dialog, the
 * dialog of a failed call. The root (the login and error pages) stays without react-aria, whose
 * locale start costs every first load (docs/decisions/006).
 */
import { BoticaProvider } from '@botica/ui';
import type { ReactNode } from 'react';
import { useRouterLinks } from './router-links.ts';

export function AriaScope({ children }: { children: ReactNode }) {
  const { navigate, useHref } = useRouterLinks();
  return (
    <BoticaProvider navigate={navigate} useHref={useHref} toastQueue={null}>
      {children}
    </BoticaProvider>
  );
}
