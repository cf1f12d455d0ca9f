/** Pieces the webinar pages share: the date tile and the card of a webinar in a list. */
import type { Webinar } from '@botica/api-client/schemas';
import { formatDuration, madridDay } from '@botica/domain';
import { Badge, Link } from '@botica/ui';
import { webinarBadge, webinarWhen } from './training-format.ts';

const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** The day and month of a webinar in Madrid, as a tile (decorative: the full date is in the text). */
export function DateTile({ startsAt }: { startsAt: string }) {
  const { day, month } = madridDay(startsAt);
  return (
    <span className="training-date" aria-hidden="true">
      <span className="training-date__day">{day}</span>
      <span className="training-date__month">{SHORT_MONTHS[month - 1]}</span>
    </span>
  );
}

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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="webinar-card">
      <DateTile startsAt={webinar.starts_at} />
      <div className="webinar-card__body">
        <p className="webinar-card__topic">
          <span>{webinar.topic}</span>
          <WebinarStatus webinar={webinar} />
        </p>
        <Heading className="webinar-card__title">
          <Link href={`/formacion/agenda-webinars/${webinar.id}`} variant="standalone">
            {webinar.title}
          </Link>
        </Heading>
        <p className="webinar-card__meta">
          {webinar.speaker.name} · {webinarWhen(webinar.starts_at, webinar.ends_at)}{' '}
          <span className="webinar-card__duration">({formatDuration(webinar.duration_minutes)})</span>
        </p>
      </div>
    </article>
  );
}
