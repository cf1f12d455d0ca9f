/**
 * The client's one error type: every failed call — an HTTP error answer, a
 * timeout, a network failure, or an answer that does not match its schema — becomes an `ApiError`,
 * made in one place (`toApiError`, in to-api-error.ts). This file has no dependency, so an app can
 * check errors (`isApiError`) without loading the client and its schemas.
 */

/** What went wrong: an error answer, no answer in time, no answer at all, or an unexpected answer. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'schema';

/** The failure of a call to the API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 'timeout' / 'network' when no answer came (as `FailedCall` of @botica/domain). */
  readonly status: number | 'timeout' | 'network';
  readonly kind: ApiErrorKind;
  /** The server's messages per field for validation failures (422), else `{}`. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(options: {
    status: number | 'timeout' | 'network';
    kind: ApiErrorKind;
    message: string;
    fieldErrors?: Record<string, string[]>;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    this.kind = options.kind;
    this.fieldErrors = options.fieldErrors ?? {};
  }

  /** The first message of a field, as forms show it under the field. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

/**
 * Whether a value is an `ApiError` (by `name`, so it also holds across bundles).
 * @example if (isApiError(error) && error.status === 406) showCapDialog();
 */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof Error && value.name === 'ApiError';
}
