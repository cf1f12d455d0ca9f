import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';

/** A page's title as the browser's tab shows it: 'Página · Sitio', or the site's name alone. */
export function documentTitle(title: string | null, site: string): string {
  return title ? `${title} · ${site}` : site;
}

const SiteName = createContext('Botica');

/** The site's name in every page's title below it (the portal's is the default, 'Botica'). */
export function SiteNameProvider({ name, children }: { name: string; children: ReactNode }) {
  return createElement(SiteName.Provider, { value: name }, children);
}

/** Sets the page's title while the page is on screen: 'Página · Botica' ({@link documentTitle}). */
export function useDocumentTitle(title: string | null): void {
  const site = useContext(SiteName);
  useEffect(() => {
    document.title = documentTitle(title, site);
  }, [title, site]);
}
