/**
 * /mensajes/{id}: one of the laboratory's messages (`GET /api/v1/messages/{id}`), with its
 * plain-text body as paragraphs. A page of its own, so a recall can be linked, kept open, printed and
 * left with the browser's back button. Opening it marks it read for this user (`POST .../read`); a
 * message that has ended is the 404 page.
 */
import type { LabMessage } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import {
  formatDate,
  LAB_MESSAGE_KIND_LABELS,
  LAB_MESSAGE_SEVERITY_LABELS,
  textParagraphs,
} from '@botica/domain';
import { Badge, Link, labMessageTone } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { markReadMutation, messageQuery } from './queries.ts';
import './messages.css';

export async function loader({ context, params }: LoaderFunctionArgs): Promise<LabMessage> {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('', { status: 404, statusText: 'Not Found' });
  const queryClient = await queryClientOf(context);
  return (await queryClient.fetchQuery(messageQuery(id))).data;
}

export function Component() {
  const message = useLoaderData() as LabMessage;
  useDocumentTitle(message.title);
  const { mutate: markRead } = useMutation(markReadMutation(useQueryClient()));

  useEffect(() => {
    // Read once it has been shown; a failure only leaves it unread, which the next visit retries.
    if (message.read_at === null) markRead(message.id);
  }, [message.id, message.read_at, markRead]);

  return (
    <article className="lab-message" data-severity={message.severity}>
      <p className="lab-message__badges">
        <Badge tone={labMessageTone(message.severity)}>{LAB_MESSAGE_KIND_LABELS[message.kind]}</Badge>
        <span className="lab-message__severity">{LAB_MESSAGE_SEVERITY_LABELS[message.severity]}</span>
      </p>
      <h1 className="lab-message__title">{message.title}</h1>
      <p className="lab-message__dates">
        Publicado el {formatDate(message.starts_at)} · Visible hasta el {formatDate(message.ends_at)}
      </p>
      <div className="lab-message__body">
        {textParagraphs(message.body).map((paragraph, index) => (
          // Paragraphs have no identity of their own; their order never changes.
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p>
        <Link href="/">Volver al inicio</Link>
      </p>
    </article>
  );
}
