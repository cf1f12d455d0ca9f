/** The search box and its overlay: on the home, catalogue and product pages when logged in. */
import { isApiError } from '@botica/api-client';
import { SearchBox } from '@botica/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { useOverlayHistory } from './overlay-history.ts';
import { searchQuery } from './queries.ts';
import { searchOverlayOpenAtom } from './search.atoms.ts';

/** Failures the overlay says itself, so no toast repeats (or contradicts) it. */
const OVERLAY_EXPLAINS = new Set<unknown>([422, 'network', 'timeout', 500, 502, 504]);

export function ProductSearch({ size = 'compact' }: { size?: 'hero' | 'compact' }) {
  const [isOpen, setOpen] = useAtom(searchOverlayOpenAtom);
  const navigate = useNavigate();
  const history = useOverlayHistory(isOpen, () => setOpen(false));
  const queryClient = useQueryClient();
  return (
    <SearchBox
      size={size}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSearch={async (query, page) => {
        try {
          return await queryClient.fetchQuery(searchQuery({ query, page }));
        } catch (error) {
          // The overlay explains a failed search itself; what concerns the whole session (an
          // expired session, no access, maintenance) is shown as everywhere else.
          if (!isApiError(error) || !OVERLAY_EXPLAINS.has(error.status)) reportCallError(error);
          throw error;
        }
      }}
      describeError={(error) => {
        if (!isApiError(error) || error.status !== 422) return undefined;
        const [first] = Object.values(error.fieldErrors).flat();
        return `No hemos podido buscar ese texto: ${first ?? error.message}`;
      }}
      // The product page takes the overlay's history entry: back from it returns to this page.
      onSelect={(hit) => void navigate(`/products/${hit.id}`, { replace: history.release() })}
    />
  );
}
