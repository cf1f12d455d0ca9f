/**
 * The client's one error type (ARCHITECTURE.md §4): every failed call — an HTTP error answer, a
 * timeout, a network failure, or an answer that does not match its schema — becomes an `ApiError`,
 * made in one place (`toApiError`).
 */
import { ErrorBodySchema } from './schemas/common.ts';

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

const GENERIC_MESSAGES: Record<number, string> = {
  401: 'No has iniciado sesión.',
  403: 'No tienes acceso a estos datos.',
  404: 'El recurso solicitado no existe.',
  419: 'La sesión ha expirado.',
  422: 'Algunos datos introducidos son incorrectos.',
  429: 'Demasiados intentos. Inténtalo de nuevo en unos instantes.',
  503: 'Servicio en mantenimiento.',
};

interface HttpErrorLike {
  name: 'HTTPError';
  response: Response;
  data?: unknown;
}

interface SchemaErrorLike {
  name: 'SchemaMismatch';
  status: number;
  issues: readonly { message: string; path?: readonly PropertyKey[] }[];
}

/** A response body that did not match its schema (thrown by the client, turned into an ApiError). */
export function schemaMismatch(status: number, issues: SchemaErrorLike['issues']): SchemaErrorLike {
  return { name: 'SchemaMismatch', status, issues };
}

/** Turns whatever a call threw into an `ApiError`. The only place ApiErrors are made. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const named = error as { name?: string; message?: string } | null;
  switch (named?.name) {
    case 'HTTPError': {
      const { response, data } = error as HttpErrorLike;
      const body = ErrorBodySchema.safeParse(data);
      return new ApiError({
        status: response.status,
        kind: 'http',
        message:
          (body.success && body.data.message) ||
          GENERIC_MESSAGES[response.status] ||
          `Error ${response.status} del servidor.`,
        fieldErrors: body.success ? (body.data.errors ?? {}) : {},
        cause: error,
      });
    }
    case 'TimeoutError':
      return new ApiError({
        status: 'timeout',
        kind: 'timeout',
        message: 'El servidor no ha respondido a tiempo.',
        cause: error,
      });
    case 'SchemaMismatch': {
      const mismatch = error as SchemaErrorLike;
      const where = mismatch.issues[0]?.path?.map(String).join('.') || '(raíz)';
      return new ApiError({
        status: mismatch.status,
        kind: 'schema',
        message: `La respuesta del servidor no tiene el formato esperado (${where}: ${mismatch.issues[0]?.message ?? ''}).`,
        cause: error,
      });
    }
    default: {
      const cause = (error as { cause?: { message?: string } } | null)?.cause;
      return new ApiError({
        status: 'network',
        kind: 'network',
        message: cause?.message || named?.message || 'No es posible acceder al servicio.',
        cause: error,
      });
    }
  }
}
