/** Pieces the webinar pages share: the status badge and the card of a webinar in a list. */
import type { Webinar } from '@botica/api-client/schemas';
import { Badge, WebinarCard as Card } from '@botica/ui';
import { webinarBadge } from './training-format.ts';

/** Where a webinar stands, for the pharmacist, at the moment of drawing. */
export function WebinarStatus({ webinar }: { webinar: Webinar }) {
  const badge = webinarBadge(webinar, new Date());
  if (badge === 'live') return <Badge tone="success">En directo</Badge>;
  if (badge === 'starting') return <Badge tone="info">Empieza en breve</Badge>;
  if (badge === 'signed-up') return <Badge tone="primary">Inscrito</Badge>;
  return null;
}

/** A webinar in a list: date, title (the link), speaker, time and duration. */
export function WebinarCard({ webinar, headingLevel = 2 }: { webinar: Webinar; headingLevel?: 2 | 3 }) {
  return (
    <Card
      title={webinar.title}
      topic={webinar.topic}
      speakerName={webinar.speaker.name}
      startsAt={webinar.starts_at}
      durationMinutes={webinar.duration_minutes}
      href={`/formacion/agenda-webinars/${webinar.id}`}
      status={<WebinarStatus webinar={webinar} />}
      headingLevel={headingLevel}
    />
  );
}
