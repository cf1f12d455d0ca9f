/** A survey's status as the back office shows it: its Spanish word and its badge's tone. */
import { ADMIN_SURVEY_STATUS_LABELS, type AdminSurveyStatus } from '@botica/api-client/admin';
import type { BadgeTone } from '@botica/ui';

const TONES: Readonly<Record<AdminSurveyStatus, BadgeTone>> = {
  draft: 'neutral',
  upcoming: 'info',
  open: 'success',
  closed: 'warning',
};

/** The status's word and tone. */
export function surveyStatus(status: AdminSurveyStatus): { label: string; tone: BadgeTone } {
  return { label: ADMIN_SURVEY_STATUS_LABELS[status], tone: TONES[status] };
}
