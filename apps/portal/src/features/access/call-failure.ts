/**
 * What a failed access call means for its form. A 422 (a field's rule, or a reset link no longer
 * valid) and a 429 (too many attempts) are the form's to show: the server's first message under
 * each field it names, its message above the form when it names none. Anything else (419, 5xx, no
 * answer) is null: the global handling shows it (app/errors.ts).
 */
import { isApiError } from '@botica/api-client';
import { firstFieldErrors } from '@botica/ui';

export interface FormFailure {
  /** A message about the whole form, when the server named no field. */
  message: string | undefined;
  /** The first message of each field the server named. */
  fields: Record<string, string>;
  /** Whether it was the attempt limit (429): the form says to wait. */
  isTooManyAttempts: boolean;
}

export function formFailure(error: unknown): FormFailure | null {
  if (!isApiError(error) || (error.status !== 422 && error.status !== 429)) return null;
  const fields = firstFieldErrors(error.fieldErrors);
  return {
    message: Object.keys(fields).length === 0 ? error.message : undefined,
    fields,
    isTooManyAttempts: error.status === 429,
  };
}
