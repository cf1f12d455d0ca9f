/**
 * How long the server keeps what it stores about a visit, as the privacy policy states it. These are
 * the API's defaults (apps/api settings: SESSION_IDLE_MINUTES, ATTEMPT_LIMIT_WINDOW_MINUTES); a test
 * of the API fails when its defaults and these figures part.
 */
export const DATA_RETENTION = {
  /** A session (its address and browser) is deleted after this long without activity. */
  sessionIdleMinutes: 120,
  /** The short window of the attempt counters (login and access requests, per username and address). */
  attemptWindowMinutes: 15,
  /** The long window of the attempt counters (per address). */
  attemptDayWindowHours: 24,
  /** A registration request that did not become a client (pending or rejected) is deleted after this. */
  unsuccessfulRegistrationMonths: 12,
  /** A user's answers to a survey are deleted this long after the survey closed. */
  surveyAnswersYearsAfterClose: 2,
} as const;

/** The moment `months` calendar months before `now` (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return limit;
}

/**
 * The moments before which the privacy policy's promises delete what is stored: registration
 * requests that did not become a client (created before `unsuccessfulRegistrations`), and survey
 * answers (of surveys closed before `surveyAnswers`).
 * @example retentionCutoffs(new Date('2026-11-25T10:00:00Z')).unsuccessfulRegistrations // 2025-11-25T10:00:00Z
 */
export function retentionCutoffs(now: Date): { unsuccessfulRegistrations: Date; surveyAnswers: Date } {
  return {
    unsuccessfulRegistrations: monthsBefore(now, DATA_RETENTION.unsuccessfulRegistrationMonths),
    surveyAnswers: monthsBefore(now, 12 * DATA_RETENTION.surveyAnswersYearsAfterClose),
  };
}
