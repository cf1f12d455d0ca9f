/** Turning whatever a call threw into an `ApiError`: the only place ApiErrors are made. */
import { ApiError, isApiError } from './api-error.ts';
import { ErrorBodySchema } from './schemas/common.ts';

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
