import type { ComponentType } from 'react';
import { useMatches } from 'react-router';

/**
 * A layout's sub-header under the site's header (the account's sections, the training sub-menu):
 * named in its route's `handle` as `SubHeader`; the innermost one wins.
 */
export function useSubHeader(): ComponentType | undefined {
  return useMatches()
    .map((match) => (match.handle as { SubHeader?: ComponentType } | undefined)?.SubHeader)
    .findLast((found) => found !== undefined);
}
