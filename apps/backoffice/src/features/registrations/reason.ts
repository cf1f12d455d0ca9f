import { REGISTRATION_DECISION_MESSAGES, REJECTION_REASON_MAX } from '@botica/api-client/admin';

/**
 * The problem of a rejection's reason, as the server words it: something written, at most
 * {@link REJECTION_REASON_MAX} characters once trimmed.
 */
export function reasonProblems({ reason }: { reason: string }): { reason?: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { reason: REGISTRATION_DECISION_MESSAGES.reasonRequired };
  if (trimmed.length > REJECTION_REASON_MAX) return { reason: REGISTRATION_DECISION_MESSAGES.reasonTooLong };
  return {};
}
