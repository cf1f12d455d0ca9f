/**
 * The laboratory's active messages on the home page (`GET /api/v1/messages`): recalls and
 * closures first, each a link to its page; the unread ones marked 'Nuevo' and highlighted. Nothing
 * when there are none.
 */
import type { LabMessageSummary } from '@botica/api-client/schemas';
import { formatDate, LAB_MESSAGE_KIND_LABELS } from '@botica/domain';
import { Badge } from '@botica/ui';
import { Link as RouterLink } from 'react-router';
import { severityTone } from './message-presentation.ts';
import './messages.css';

export function HomeMessages({ messages }: { messages: readonly LabMessageSummary[] }) {
  if (messages.length === 0) return null;
  const unread = messages.filter((message) => message.read_at === null).length;
  return (
    <section className="lab-messages" aria-labelledby="lab-messages-title">
      <div className="lab-messages__head">
        <h2 id="lab-messages-title">Avisos del laboratorio</h2>
        {unread > 0 ? (
          <span className="lab-messages__count">{unread === 1 ? '1 sin leer' : `${unread} sin leer`}</span>
        ) : null}
      </div>
      <ul className="lab-messages__list">
        {messages.map((message) => {
          const isUnread = message.read_at === null;
          return (
            <li key={message.id}>
              <RouterLink
                to={`/mensajes/${message.id}`}
                className="lab-message-card"
                data-severity={message.severity}
                data-unread={isUnread || undefined}
              >
                <span className="lab-message-card__badges">
                  <Badge tone={severityTone(message.severity)}>{LAB_MESSAGE_KIND_LABELS[message.kind]}</Badge>
                  {isUnread ? (
                    <Badge tone="primary" appearance="solid">
                      Nuevo
                    </Badge>
                  ) : null}
                </span>
                <span className="lab-message-card__title">{message.title}</span>
                <span className="lab-message-card__summary">{message.summary}</span>
                <span className="lab-message-card__date">Publicado el {formatDate(message.starts_at)}</span>
              </RouterLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
