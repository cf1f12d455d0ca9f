/**
 * The laboratory's name and mark linking home: the header of the layouts without the client's
 * header (the legal pages, and the login pages, which would otherwise show no brand at all).
 */
import { LeafIcon } from '@botica/ui';
import { Link } from 'react-router';
import { pageLaboratory } from '../../features/legal/laboratory.ts';
import './brand-header.css';

export function BrandHeader() {
  return (
    <header className="brand-header">
      <div className="brand-header__inner">
        <Link to="/" className="brand-header__brand" aria-label={`${pageLaboratory().tradeName}: inicio`}>
          <span className="brand-header__mark" aria-hidden="true">
            <LeafIcon size={22} />
          </span>
          {pageLaboratory().tradeName}
        </Link>
      </div>
    </header>
  );
}
