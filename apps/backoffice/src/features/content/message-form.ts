/** The message form's text fields and their checks, worded as the server words them. */
import { ADMIN_CONTENT_MESSAGES } from '@botica/api-client/admin';
import { instantOfMadridWallClock } from '@botica/domain';

export const MESSAGE_FIELDS = ['title', 'body', 'starts_at', 'ends_at'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/** Each field's first problem: required texts, lengths, dates that read, the end after the start. */
export function messageProblems(values: Record<MessageField, string>): Partial<Record<MessageField, string>> {
  const problems: Partial<Record<MessageField, string>> = {};
  if (values.title.trim() === '') problems.title = ADMIN_CONTENT_MESSAGES.titleRequired;
  else if (values.title.trim().length > 160) problems.title = ADMIN_CONTENT_MESSAGES.titleTooLong;
  if (values.body.trim() === '') problems.body = ADMIN_CONTENT_MESSAGES.bodyRequired;
  else if (values.body.trim().length > 5_000) problems.body = ADMIN_CONTENT_MESSAGES.bodyTooLong;
  // The dates as a `datetime-local` field types them, on Madrid's wall clock.
  const starts = instantOfMadridWallClock(values.starts_at.trim());
  const ends = instantOfMadridWallClock(values.ends_at.trim());
  if (starts === null) problems.starts_at = ADMIN_CONTENT_MESSAGES.dateRequired;
  if (ends === null) problems.ends_at = ADMIN_CONTENT_MESSAGES.dateRequired;
  else if (starts !== null && ends.getTime() <= starts.getTime())
    problems.ends_at = ADMIN_CONTENT_MESSAGES.endsBeforeStarts;
  return problems;
}

/** Where a message stands today: scheduled, on the portal, or over. */
export function messageState(
  message: { starts_at: string; ends_at: string },
  now: Date,
): 'scheduled' | 'active' | 'ended' {
  if (Date.parse(message.starts_at) > now.getTime()) return 'scheduled';
  return Date.parse(message.ends_at) > now.getTime() ? 'active' : 'ended';
}
