/** Small texts of the training pages: file sizes, webinar times, the material filter in the URL. */
import type { TrainingFile, Webinar } from '@botica/api-client/schemas';
import { MAX_MATERIAL_TAGS } from '@botica/api-client/schemas';
import { formatTime, formatWeekdayDate, isWebinarLive } from '@botica/domain';

const oneDecimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** A file size as the pharmacist reads it: '850 B', '4,2 KB', '1,3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** 'PDF · 4,2 KB' */
export function fileLabel(file: TrainingFile): string {
  const kind =
    file.content_type === 'application/pdf' ? 'PDF' : (file.name.split('.').pop() ?? '').toUpperCase();
  return `${kind} · ${formatFileSize(file.size)}`;
}

/** 'jueves, 19 de noviembre de 2026 · 17:00–18:00' in Madrid. */
export function webinarWhen(startsAt: string, endsAt: string): string {
  return `${formatWeekdayDate(startsAt)} · ${formatTime(startsAt)}–${formatTime(endsAt)}`;
}

/**
 * The badge of a webinar at `now`: 'live' ('En directo') only once it has started; in the join window
 * before its start (the server's `joinable`) 'starting' ('Empieza en breve'); 'signed-up' ('Inscrito')
 * before that for a pharmacist signed up; otherwise none.
 */
export function webinarBadge(
  webinar: Pick<Webinar, 'phase' | 'starts_at' | 'duration_minutes' | 'is_signed_up'>,
  now: Date,
): 'live' | 'starting' | 'signed-up' | null {
  if (webinar.phase === 'joinable') {
    return isWebinarLive(webinar.starts_at, webinar.duration_minutes, now) ? 'live' : 'starting';
  }
  if (webinar.phase === 'upcoming' && webinar.is_signed_up) return 'signed-up';
  return null;
}

/** The material filter's tags from the page's query (`?tags=1,4`): valid, unique, sorted, at most 20. */
export function parseTagFilter(search: URLSearchParams): number[] {
  const raw = search.get('tags') ?? '';
  const ids = new Set(
    raw
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0),
  );
  return [...ids].sort((a, b) => a - b).slice(0, MAX_MATERIAL_TAGS);
}

/** The query of the material page for these tags and page (no tags and page 1: none). */
export function tagFilterSearch(tags: readonly number[], page = 1): string {
  const params = new URLSearchParams();
  if (tags.length > 0) params.set('tags', [...tags].sort((a, b) => a - b).join(','));
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text.replace(/%2C/g, ',')}` : '';
}

/** A 1-based page from `?page=`, 1 when missing or malformed. */
export function pageParam(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
