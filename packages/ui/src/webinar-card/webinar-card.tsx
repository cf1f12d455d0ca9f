import { formatDuration, formatTime, formatWeekdayDate, madridDay } from '@botica/domain';
import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';
import { Link } from '../link/link.tsx';

const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

export interface WebinarDateTileProps {
  /** The start (an ISO instant or a Date); the tile shows its Madrid day and month. */
  startsAt: string | Date;
}

/**
 * A webinar's day and month in Madrid, as a tile. Decorative (hidden from screen readers): the full
 * date is in the card's text.
 * @example <WebinarDateTile startsAt="2027-03-29T08:00:00.000Z" /> // 29 MAR
 */
export function WebinarDateTile({ startsAt }: WebinarDateTileProps) {
  const { day, month } = madridDay(startsAt);
  return (
    <span className="training-date" aria-hidden="true">
      <span className="training-date__day">{day}</span>
      <span className="training-date__month">{SHORT_MONTHS[month - 1]}</span>
    </span>
  );
}

export interface WebinarCardProps {
  title: string;
  /** The plant or subject, e.g. 'Fitoterapia del sueño'. */
  topic: string;
  speakerName: string;
  /** The start, an ISO instant or a Date. */
  startsAt: string | Date;
  durationMinutes: number;
  /** The webinar's page: the title links to it. Without it (a preview) the title is plain text. */
  href?: string;
  /** Beside the topic: where the webinar stands for its reader (a `Badge`). */
  status?: ReactNode;
  /**
   * The title's heading level (2 in a list under the page's h1, 3 under a section's h2, 4 in a
   * preview under its caption).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4;
  /** Extra class names. */
  className?: string;
}

/**
 * A webinar in a list, as the portal's agenda shows it: its date tile, topic (with its status), title,
 * speaker, Madrid day and times, and duration.
 * @example
 * <WebinarCard title="Valeriana y sueño" topic="Fitoterapia del sueño" speakerName="Dra. Ana Ruiz"
 *   startsAt="2027-03-29T08:00:00.000Z" durationMinutes={60} href="/formacion/agenda-webinars/7" />
 */
export function WebinarCard({
  title,
  topic,
  speakerName,
  startsAt,
  durationMinutes,
  href,
  status,
  headingLevel = 2,
  className,
}: WebinarCardProps) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';
  const endsAt = new Date(new Date(startsAt).getTime() + durationMinutes * 60_000);
  return (
    <article className={cx('webinar-card', className)}>
      <WebinarDateTile startsAt={startsAt} />
      <div className="webinar-card__body">
        <p className="webinar-card__topic">
          <span>{topic}</span>
          {status}
        </p>
        <Heading className="webinar-card__title">
          {href === undefined ? (
            title
          ) : (
            <Link href={href} variant="standalone">
              {title}
            </Link>
          )}
        </Heading>
        <p className="webinar-card__meta">
          {speakerName} · {formatWeekdayDate(startsAt)} · {formatTime(startsAt)}–{formatTime(endsAt)}{' '}
          <span className="webinar-card__duration">({formatDuration(durationMinutes)})</span>
        </p>
      </div>
    </article>
  );
}
