import { CALL_ERRORS, LINK_HOME_TEXT } from '@botica/domain';
import { EmptyState, Link } from '@botica/ui';

/**
 * What an account page shows to a user without its permission: the 'Datos Restringidos' notice (no
 * access to this zone, a link home), in the page rather than over it, since nothing failed. It sits
 * under the page's own title (an h2).
 */
export function RestrictedSection() {
  const entry = CALL_ERRORS[403];
  return (
    <EmptyState
      title={entry.title}
      description={<p>{entry.text}</p>}
      action={<Link href="/">{LINK_HOME_TEXT}</Link>}
    />
  );
}
