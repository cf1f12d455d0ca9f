/**
 * /login/notification?motivo=alta|enlace|cambio|acceso: after a registration request, a reset link
 * asked for, a password changed or a first password set, what happened and what comes next
 * (notifications.ts), with the way back to /login. Any other address goes to /login. The page that
 * set a password passes the username in the history entry's state, and it shows here (to log in
 * with); a reload without it just leaves it out.
 */

import { AriaScope, useDocumentTitle } from '@botica/app-shell';
import { Link } from '@botica/ui';
import { type LoaderFunctionArgs, replace, useLoaderData, useLocation } from 'react-router';
import { AccessCard, UsernameNote } from './access-card.tsx';
import { type AccessNotification, notificationFor } from './notifications.ts';
import './access.css';

export function loader({ request }: LoaderFunctionArgs): AccessNotification {
  const notification = notificationFor(new URL(request.url).search);
  if (notification === null) throw replace('/login');
  return notification;
}

export function Component() {
  const notification = useLoaderData() as AccessNotification;
  const state: unknown = useLocation().state;
  const username =
    typeof state === 'object' && state !== null && 'username' in state && typeof state.username === 'string'
      ? state.username
      : undefined;
  useDocumentTitle(notification.title);
  return (
    <AriaScope>
      <div className="access">
        <AccessCard icon="sent" title={notification.title} intro={notification.lead}>
          {username ? <UsernameNote username={username} /> : null}
          <h2 className="access__subtitle">Qué pasa ahora</h2>
          <ol className="access__next">
            {notification.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <div className="access__actions">
            <Link href={notification.action.href} variant="primary">
              {notification.action.label}
            </Link>
            {notification.secondary ? (
              <Link href={notification.secondary.href} variant="secondary">
                {notification.secondary.label}
              </Link>
            ) : null}
          </div>
        </AccessCard>
      </div>
    </AriaScope>
  );
}
