import { useCallback } from 'react';
import { useHref, useNavigate } from 'react-router';

/** react-router's `useHref` for the components' links, leaving absolute URLs (social links, mail) alone. */
function useAppHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** What `@botica/ui`'s providers need to turn the components' links into react-router navigations. */
export function useRouterLinks() {
  const navigate = useNavigate();
  return {
    navigate: useCallback((href: string) => void navigate(href), [navigate]),
    useHref: useAppHref,
  };
}
