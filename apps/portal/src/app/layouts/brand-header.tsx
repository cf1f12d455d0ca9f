/**
 * The laboratory's name and mark linking home: the header of the layouts without the client's
 * header (the legal pages, and the login pages, which would otherwise show no brand at all).
 */
import { LABORATORY } from '@botica/domain';
import { LeafIcon } from '@botica/ui';
import { Link } from 'react-router';
import './brand-header.css';

export function BrandHeader() {
  return (
    <header className="brand-header">
      <div className="brand-header__inner">
        <Link to="/" className="brand-header__brand" aria-label={`${LABORATORY.tradeName}: inicio`}>
          <span className="brand-header__mark" aria-hidden="true">
            <LeafIcon size={22} />
          </span>
          {LABORATORY.tradeName}
        </Link>
      </div>
    </header>
  );
}
