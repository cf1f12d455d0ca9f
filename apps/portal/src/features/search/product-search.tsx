/** The search box and its overlay (spec §2): on the home, catalogue and product pages when logged in. */
import { SearchBox } from '@botica/ui';
import { useAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { reportCallError } from '../../app/errors.ts';
import { searchOverlayOpenAtom } from './search.atoms.ts';

export function ProductSearch({ size = 'compact' }: { size?: 'hero' | 'compact' }) {
  const [isOpen, setOpen] = useAtom(searchOverlayOpenAtom);
  const navigate = useNavigate();
  return (
    <SearchBox
      size={size}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSearch={async (query, page) => {
        try {
          return await api.search.query({ query, page });
        } catch (error) {
          reportCallError(error);
          throw error;
        }
      }}
      onSelect={(hit) => void navigate(`/products/${hit.id}`)}
    />
  );
}
