/**
 * What a failed call means for its form. By default a 422 (a field's rule, or a link no longer valid)
 * and a 429 (too many attempts) are the form's to show: the server's first message under each field
 * it names, its message above the form when it names none. Anything else (419, 5xx, no answer) is
 * null: the app's error presentation shows it (error-reporting.ts).
 */
import { isApiError } from '@botica/api-client';
import { firstFieldErrors } from '@botica/ui';

/** A failed call as its form shows it. */
export interface FormFailure {
  /** A message about the whole form, when the server named no field. */
  message: string | undefined;
  /** The first message of each field the server named. */
  fields: Record<string, string>;
  /** Whether it was the attempt limit (429): the form says to wait. */
  isTooManyAttempts: boolean;
}

/** The statuses a form shows itself by default: 422 and 429. */
export function isFormStatus(status: number): boolean {
  return status === 422 || status === 429;
}

/** The form's share of a failed call, or null when it is the app's to show (see the module's note). */
export function formFailure(
  error: unknown,
  isShownByForm: (status: number) => boolean = isFormStatus,
): FormFailure | null {
  if (!isApiError(error) || typeof error.status !== 'number' || !isShownByForm(error.status)) return null;
  const fields = firstFieldErrors(error.fieldErrors);
  return {
    message: Object.keys(fields).length === 0 ? error.message : undefined,
    fields,
    isTooManyAttempts: error.status === 429,
  };
}
