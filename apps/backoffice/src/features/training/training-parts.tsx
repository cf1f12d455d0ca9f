/** Small pieces the training pages share: a webinar's state, and the preview of it as the portal shows it. */
import type { AdminWebinar } from '@botica/api-client/admin';
import { formatDuration, formatTime, formatWeekdayDate } from '@botica/domain';
import { Badge, WebinarCard } from '@botica/ui';

/** Where a webinar stands, in the staff's words. */
export function PhaseBadge({ phase }: { phase: AdminWebinar['phase'] }) {
  if (phase === 'joinable') return <Badge tone="success">En curso</Badge>;
  if (phase === 'ended') return <Badge tone="neutral">Celebrado</Badge>;
  return <Badge tone="info">Próximo</Badge>;
}

/** What the preview shows: the form's webinar as it would be saved. */
export interface WebinarPreviewData {
  title: string;
  topic: string;
  summary: string;
  description: readonly string[];
  speakerName: string;
  speakerTitle: string;
  /** The instant, or null while the form's date does not read. */
  startsAt: Date | null;
  durationMinutes: number;
  products: readonly { id: number; name: string }[];
}

/**
 * The webinar as a pharmacist meets it in the portal: its card in the agenda, and the head of its
 * page. Not interactive: nothing in it is a link.
 */
export function WebinarPreview({ webinar }: { webinar: WebinarPreviewData }) {
  const title = webinar.title.trim() || 'Sin título';
  return (
    <div className="bo-preview">
      <section className="bo-preview__pane" aria-labelledby="preview-card">
        <h3 id="preview-card" className="bo-preview__caption">
          En la agenda
        </h3>
        {webinar.startsAt === null ? (
          <p className="bo-training__muted">Indica la fecha y la hora para ver la tarjeta.</p>
        ) : (
          <WebinarCard
            title={title}
            topic={webinar.topic || 'Tema'}
            speakerName={webinar.speakerName || 'Ponente'}
            startsAt={webinar.startsAt}
            durationMinutes={webinar.durationMinutes}
            headingLevel={4}
          />
        )}
      </section>
      <section className="bo-preview__pane" aria-labelledby="preview-page">
        <h3 id="preview-page" className="bo-preview__caption">
          En su página
        </h3>
        <div className="bo-preview__page">
          <p className="bo-preview__topic">{webinar.topic || 'Tema'}</p>
          <p className="bo-preview__heading">{title}</p>
          <dl className="bo-preview__facts">
            <div>
              <dt>Fecha</dt>
              <dd>{webinar.startsAt === null ? 'Por indicar' : formatWeekdayDate(webinar.startsAt)}</dd>
            </div>
            <div>
              <dt>Hora</dt>
              <dd>
                {webinar.startsAt === null
                  ? 'Por indicar'
                  : `${formatTime(webinar.startsAt)} (hora peninsular)`}
              </dd>
            </div>
            <div>
              <dt>Duración</dt>
              <dd>{formatDuration(webinar.durationMinutes)}</dd>
            </div>
            <div>
              <dt>Ponente</dt>
              <dd>
                {webinar.speakerName || 'Por indicar'}
                {webinar.speakerTitle ? (
                  <span className="bo-training__muted"> · {webinar.speakerTitle}</span>
                ) : null}
              </dd>
            </div>
          </dl>
          {webinar.summary ? <p className="bo-preview__summary">{webinar.summary}</p> : null}
          {webinar.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {webinar.products.length > 0 ? (
            <>
              <p className="bo-preview__subtitle">Productos relacionados</p>
              <ul>
                {webinar.products.map((product) => (
                  <li key={product.id}>{product.name}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}
