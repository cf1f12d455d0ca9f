/**
 * A message as the portal shows it: its card on the home page (the severity's colour, the kind's
 * badge, 'Nuevo' while unread, the body's first paragraph) and its page's body, paragraph by
 * paragraph. What the staff see before they publish.
 */
import type { LabMessageKind, LabMessageSeverity } from '@botica/domain';
import { LAB_MESSAGE_SEVERITY_LABELS, textExcerpt, textParagraphs } from '@botica/domain';
import { LabMessageCard } from '@botica/ui';

export interface MessagePreviewProps {
  kind: LabMessageKind;
  severity: LabMessageSeverity;
  title: string;
  body: string;
  /** ISO, or null while the start is not a date yet. */
  startsAt: string | null;
}

export function MessagePreview({ kind, severity, title, body, startsAt }: MessagePreviewProps) {
  const paragraphs = textParagraphs(body);
  return (
    <section className="bo-message-preview" aria-labelledby="message-preview-title">
      <h2 id="message-preview-title">Vista previa en el portal</h2>
      <p className="bo-content__muted">Así aparece en la página de inicio de las farmacias.</p>
      <LabMessageCard
        kind={kind}
        severity={severity}
        title={title.trim() || 'Título del mensaje'}
        summary={textExcerpt(body) || 'El primer párrafo del texto aparece aquí.'}
        startsAt={startsAt}
        isUnread
      />
      <p className="bo-content__muted">
        Al abrirlo: <strong>{LAB_MESSAGE_SEVERITY_LABELS[severity]}</strong>,{' '}
        {paragraphs.length === 1 ? '1 párrafo' : `${paragraphs.length} párrafos`}.
      </p>
      <div className="bo-message-preview__body">
        {paragraphs.map((paragraph, index) => (
          // Paragraphs have no identity of their own; their order is the text's.
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
