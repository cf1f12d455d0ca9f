/**
 * The training forms' text fields as the staff type them, checked with the server's own messages, and
 * turned into the requests: a webinar's start is Madrid's wall clock (`2027-03-29T10:00`, what a
 * `datetime-local` field writes), a publication a Madrid day, the tags a comma-separated list.
 */
import {
  type AdminMaterial,
  type AdminMaterialCreateRequest,
  type AdminNewsletter,
  type AdminNewsletterCreateRequest,
  type AdminWebinar,
  type AdminWebinarCreateRequest,
  ADMIN_TRAINING_MESSAGES as M,
} from '@botica/api-client/admin';
import { isMadridWallClock } from '@botica/domain';

/** The webinar form's text fields, as the server names them. */
export const WEBINAR_FIELDS = [
  'title',
  'topic',
  'summary',
  'description',
  'speaker_name',
  'speaker_title',
  'starts_at_local',
  'duration_minutes',
  'join_url',
  'recording_url',
] as const;
export type WebinarField = (typeof WEBINAR_FIELDS)[number];

const REQUIRED: Partial<Record<WebinarField | LibraryField, string>> = {
  title: M.titleRequired,
  topic: M.topicRequired,
  summary: M.summaryRequired,
  description: M.descriptionRequired,
  speaker_name: M.speakerNameRequired,
  speaker_title: M.speakerTitleRequired,
};

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HTTPS = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(\S*)$/i;

/** A webinar's fields for the form: a new one's are empty but for an hour's duration. */
export function webinarValues(webinar: AdminWebinar | null): Record<WebinarField, string> {
  return {
    title: webinar?.title ?? '',
    topic: webinar?.topic ?? '',
    summary: webinar?.summary ?? '',
    description: webinar?.description.join('\n\n') ?? '',
    speaker_name: webinar?.speaker_name ?? '',
    speaker_title: webinar?.speaker_title ?? '',
    starts_at_local: webinar?.starts_at_local ?? '',
    duration_minutes: String(webinar?.duration_minutes ?? 60),
    join_url: webinar?.join_url ?? '',
    recording_url: webinar?.recording_url ?? '',
  };
}

/** Each field's first problem, worded as the server words it. */
export function webinarProblems(values: Record<WebinarField, string>): Partial<Record<WebinarField, string>> {
  const problems: Partial<Record<WebinarField, string>> = {};
  for (const field of WEBINAR_FIELDS) {
    const required = REQUIRED[field];
    if (required !== undefined && values[field].trim() === '') problems[field] = required;
  }
  if (!isMadridWallClock(values.starts_at_local.trim())) problems.starts_at_local = M.startsAtInvalid;
  const minutes = Number(values.duration_minutes.trim());
  if (!/^\d+$/.test(values.duration_minutes.trim()) || minutes < 1 || minutes > 600)
    problems.duration_minutes = M.durationInvalid;
  if (!HTTPS.test(values.join_url.trim())) problems.join_url = M.urlInvalid;
  const recording = values.recording_url.trim();
  if (recording !== '' && !HTTPS.test(recording)) problems.recording_url = M.urlInvalid;
  return problems;
}

/** The request of the checked fields and the chosen products. */
export function webinarRequest(
  values: Record<WebinarField, string>,
  productIds: readonly number[],
): AdminWebinarCreateRequest {
  const recording = values.recording_url.trim();
  return {
    title: values.title.trim(),
    topic: values.topic.trim(),
    summary: values.summary.trim(),
    description: values.description.trim(),
    speaker_name: values.speaker_name.trim(),
    speaker_title: values.speaker_title.trim(),
    starts_at_local: values.starts_at_local.trim(),
    duration_minutes: Number(values.duration_minutes.trim()),
    join_url: values.join_url.trim(),
    recording_url: recording === '' ? null : recording,
    product_ids: [...productIds],
  };
}

/** The material and newsletter forms' text fields (a newsletter's text is its `summary`). */
export const LIBRARY_FIELDS = ['title', 'text', 'published_on', 'tags'] as const;
export type LibraryField = (typeof LIBRARY_FIELDS)[number];

/** Which of the two a library page is about. */
export type LibraryKind = 'materials' | 'newsletters';

/** A material's or newsletter's fields for the form; a new one is published today (Madrid). */
export function libraryValues(
  item: AdminMaterial | AdminNewsletter | null,
  today: string,
): Record<LibraryField, string> {
  return {
    title: item?.title ?? '',
    text: item === null ? '' : 'description' in item ? item.description : item.summary,
    published_on: item?.published_on ?? today,
    tags: item !== null && 'tags' in item ? item.tags.join(', ') : '',
  };
}

/** The tags as typed: comma-separated, trimmed, none empty, each once. */
export function tagList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

/** Each field's first problem, worded as the server words it. */
export function libraryProblems(
  kind: LibraryKind,
): (values: Record<LibraryField, string>) => Partial<Record<LibraryField, string>> {
  return (values) => {
    const problems: Partial<Record<LibraryField, string>> = {};
    if (values.title.trim() === '') problems.title = M.titleRequired;
    if (values.text.trim() === '')
      problems.text = kind === 'materials' ? M.descriptionRequired : M.summaryRequired;
    if (!DAY.test(values.published_on.trim())) problems.published_on = M.publishedOnInvalid;
    const tags = tagList(values.tags);
    if (tags.length > 10) problems.tags = M.tagsTooMany;
    else if (tags.some((tag) => tag.length > 40)) problems.tags = M.tagInvalid;
    return problems;
  };
}

/** A material's request. */
export function materialRequest(
  values: Record<LibraryField, string>,
  webinarId: number | null,
): AdminMaterialCreateRequest {
  return {
    title: values.title.trim(),
    description: values.text.trim(),
    published_on: values.published_on.trim(),
    tags: tagList(values.tags),
    webinar_id: webinarId,
  };
}

/** A newsletter's request. */
export function newsletterRequest(values: Record<LibraryField, string>): AdminNewsletterCreateRequest {
  return {
    title: values.title.trim(),
    summary: values.text.trim(),
    published_on: values.published_on.trim(),
  };
}

/** The server's field names of a library form, as the form names its fields. */
export function libraryFieldOf(serverField: string): LibraryField | null {
  if (serverField === 'description' || serverField === 'summary') return 'text';
  if (serverField.startsWith('tags')) return 'tags';
  return (LIBRARY_FIELDS as readonly string[]).includes(serverField) ? (serverField as LibraryField) : null;
}

/**
 * A file's size as the staff read it.
 * @example fileSize(48213) // '47 KB'
 */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
