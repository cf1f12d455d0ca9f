/** The card every access page shows its content in, like /login's, with the links between the pages. */
import { Link } from '@botica/ui';
import type { ReactNode } from 'react';

export interface AccessCardProps {
  /** The page's heading. */
  title: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** An icon above the heading (the notification and invalid-link pages). */
  icon?: 'sent' | 'warning';
  /** A wider card, for the registration form. */
  isWide?: boolean;
  children: ReactNode;
  /** The links to the other access pages, under a line. */
  links?: readonly { lead?: string; label: string; href: string }[];
}

export function AccessCard({ title, intro, icon, isWide = false, children, links }: AccessCardProps) {
  return (
    <section
      className={isWide ? 'access__card access__card--wide' : 'access__card'}
      aria-labelledby="access-title"
    >
      {icon === undefined ? (
        <p className="access__eyebrow">Portal de farmacias</p>
      ) : (
        <svg
          className={icon === 'warning' ? 'access__icon access__icon--warning' : 'access__icon'}
          viewBox="0 0 48 48"
          aria-hidden="true"
        >
          <circle cx="24" cy="24" r="22" />
          {icon === 'warning' ? <path d="M24 13v14M24 34v1" /> : <path d="M14 25l7 7 13-15" />}
        </svg>
      )}
      <h1 id="access-title" className="access__title">
        {title}
      </h1>
      {intro ? <p className="access__intro">{intro}</p> : null}
      {children}
      {links && links.length > 0 ? (
        <div className="access__links">
          {links.map((link) => (
            <p key={link.href}>
              {link.lead ? `${link.lead} ` : null}
              <Link href={link.href}>{link.label}</Link>
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The username a password is set for, shown whole, to log in with. */
export function UsernameNote({ username }: { username: string }) {
  return (
    <p className="access__username">
      Tu usuario: <strong translate="no">{username}</strong>
    </p>
  );
}
