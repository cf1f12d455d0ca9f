import {
  formatDate,
  LAB_MESSAGE_KIND_LABELS,
  type LabMessageKind,
  type LabMessageSeverity,
} from '@botica/domain';
import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { Badge, type BadgeTone } from '../badge/badge.tsx';

/**
 * The badge's tone of a message's severity: red for the critical, amber for a warning, blue for the
 * rest (the badge's text, the kind, says what it is).
 * @example labMessageTone('critical') // 'danger'
 */
export function labMessageTone(severity: LabMessageSeverity): BadgeTone {
  if (severity === 'critical') return 'danger';
  if (severity === 'warning') return 'warning';
  return 'info';
}

export interface LabMessageCardProps {
  kind: LabMessageKind;
  severity: LabMessageSeverity;
  title: string;
  /** The body's first paragraph, cut short. */
  summary: string;
  /** When it is shown from (ISO); null leaves the date out (a draft). */
  startsAt: string | null;
  /** Unread: highlighted, with 'Nuevo'. */
  isUnread: boolean;
  /** The message's page: the card is a link to it. Left out, the card is not a link (a preview). */
  href?: string;
}

/**
 * One of the laboratory's messages as the portal's home page lists it: a card edged in the severity's
 * colour, the kind's badge, 'Nuevo' while unread, the title, its summary and its date; a link to the
 * message's page when given `href`.
 * @example <LabMessageCard kind="recall" severity="critical" title="Retirada del lote 24-118" summary="…" startsAt="2026-11-28T08:00:00Z" isUnread href="/mensajes/7" />
 */
export function LabMessageCard({
  kind,
  severity,
  title,
  summary,
  startsAt,
  isUnread,
  href,
}: LabMessageCardProps) {
  const content: ReactNode = (
    <>
      <span className="bt-lab-message-card__badges">
        <Badge tone={labMessageTone(severity)}>{LAB_MESSAGE_KIND_LABELS[kind]}</Badge>
        {isUnread ? (
          <Badge tone="primary" appearance="solid">
            Nuevo
          </Badge>
        ) : null}
      </span>
      <span className="bt-lab-message-card__title">{title}</span>
      <span className="bt-lab-message-card__summary">{summary}</span>
      {startsAt ? (
        <span className="bt-lab-message-card__date">Publicado el {formatDate(startsAt)}</span>
      ) : null}
    </>
  );
  const attributes = {
    className: 'bt-lab-message-card',
    'data-severity': severity,
    'data-unread': isUnread || undefined,
  };
  return href === undefined ? (
    <div {...attributes}>{content}</div>
  ) : (
    <AriaLink href={href} {...attributes}>
      {content}
    </AriaLink>
  );
}
