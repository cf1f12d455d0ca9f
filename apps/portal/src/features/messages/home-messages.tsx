/**
 * The laboratory's active messages on the home page (`GET /api/v1/messages`): recalls and
 * closures first, each a link to its page; the unread ones marked 'Nuevo' and highlighted. Nothing
 * when there are none.
 */
import type { LabMessageSummary } from '@botica/api-client/schemas';
import { LabMessageCard } from '@botica/ui';
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
        {messages.map((message) => (
          <li key={message.id}>
            <LabMessageCard
              kind={message.kind}
              severity={message.severity}
              title={message.title}
              summary={message.summary}
              startsAt={message.starts_at}
              isUnread={message.read_at === null}
              href={`/mensajes/${message.id}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
