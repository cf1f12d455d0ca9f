/**
 * react-aria's providers (es-ES for its strings and numbers, react-router for its links) around the
 * parts of an app that render react-aria controls: a layout, a dialog, the dialog of a failed call.
 * The root (the login and error pages) can stay without react-aria, whose locale start costs every
 * first load.
 */
import { BoticaProvider } from '@botica/ui';
import type { ReactNode } from 'react';
import { useRouterLinks } from './router-links.ts';

/** Wraps a part of the page that renders react-aria controls in their providers (no toast region). */
export function AriaScope({ children }: { children: ReactNode }) {
  const { navigate, useHref } = useRouterLinks();
  return (
    <BoticaProvider navigate={navigate} useHref={useHref} toastQueue={null}>
      {children}
    </BoticaProvider>
  );
}
