import { useEffect } from 'react';

/** Sets the page's title as 'Página · Botica' (the home page is just 'Botica'). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Botica` : 'Botica';
  }, [title]);
}
