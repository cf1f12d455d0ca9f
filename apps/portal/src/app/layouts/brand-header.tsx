/**
 * The laboratory's name and mark linking home: the header of the layouts without the client's
 * header (the legal pages, and the login pages, which would otherwise show no brand at all).
 * A plain link, which the router's navigation provider hands to the router: /login's first screen
 * renders it before the router is there (src/app/first-screen.tsx).
 */
import { LeafIcon, PlainLink } from '@botica/ui';
import { pageLaboratory } from '../../features/legal/laboratory.ts';
import './brand-header.css';

export function BrandHeader() {
  return (
    <header className="brand-header">
      <div className="brand-header__inner">
        <PlainLink
          href="/"
          className="brand-header__brand"
          aria-label={`${pageLaboratory().tradeName}: inicio`}
        >
          <span className="brand-header__mark" aria-hidden="true">
            <LeafIcon size={22} />
          </span>
          {pageLaboratory().tradeName}
        </PlainLink>
      </div>
    </header>
  );
}
