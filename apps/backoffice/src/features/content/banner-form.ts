/** The banner form's text fields and their checks, worded as the server words them. */
import { ADMIN_CONTENT_MESSAGES, isPortalPath } from '@botica/api-client/admin';

export const BANNER_FIELDS = ['title', 'text', 'href', 'hue'] as const;
export type BannerField = (typeof BANNER_FIELDS)[number];

/** Each field's first problem, worded as the server words it. */
export function bannerProblems(values: Record<BannerField, string>): Partial<Record<BannerField, string>> {
  const problems: Partial<Record<BannerField, string>> = {};
  if (values.title.trim() === '') problems.title = ADMIN_CONTENT_MESSAGES.titleRequired;
  else if (values.title.trim().length > 160) problems.title = ADMIN_CONTENT_MESSAGES.titleTooLong;
  if (values.text.trim() === '') problems.text = ADMIN_CONTENT_MESSAGES.textRequired;
  else if (values.text.trim().length > 300) problems.text = ADMIN_CONTENT_MESSAGES.textTooLong;
  if (!isPortalPath(values.href.trim())) problems.href = ADMIN_CONTENT_MESSAGES.hrefInvalid;
  const hue = Number(values.hue.trim());
  if (values.hue.trim() === '' || !Number.isInteger(hue) || hue < 0 || hue > 359)
    problems.hue = ADMIN_CONTENT_MESSAGES.hueInvalid;
  return problems;
}
