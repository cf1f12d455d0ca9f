/**
 * The server's one error type and its wire shape (docs/decisions/005): every failure leaves as
 * `{ message, errors? }`; anything that is not an `HttpError` is logged and becomes a 500 without
 * internals.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/database.ts';

/** Field messages of a validation failure: `{ 'products.0.quantity': ['…'] }`. */
export type FieldErrors = Record<string, string[]>;

/** A failure the client is told about: its status, a Spanish message and, for 422, the fields at fault. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, errors?: FieldErrors, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** The messages of the statuses the server answers without a more specific one. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'La petición no es válida.',
  401: 'No has iniciado sesión.',
  403: 'No tienes acceso a estos datos.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  406: 'Has superado el límite de compra mensual.',
  413: 'La petición es demasiado grande.',
  415: 'El tipo de contenido no está admitido: envía JSON.',
  419: 'La sesión ha expirado. Recarga la página para iniciar una nueva sesión.',
  422: 'Algunos datos introducidos son incorrectos.',
  429: 'Demasiadas peticiones. Inténtalo de nuevo en unos instantes.',
  500: 'Se ha producido un error inesperado. Inténtalo de nuevo más tarde.',
  503: 'Servicio en mantenimiento. Volveremos a estar disponibles en breve.',
};

/** The 503 of a request that needed the database while it could not be reached (a lost connection). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/**
 * The 503 of a request whose statement ran longer than `DB_STATEMENT_TIMEOUT_MS` (the server is busy,
 * or the request asked for too much at once).
 */
export const STATEMENT_TIMEOUT_MESSAGE =
  'El servidor está tardando demasiado en responder. Inténtalo de nuevo en unos segundos.';

/** The message of a status: the catalogue's, or a generic one. */
export function statusMessage(status: number): string {
  return (
    STATUS_MESSAGES[status] ?? (status >= 500 ? (STATUS_MESSAGES[500] as string) : 'Petición rechazada.')
  );
}

/** The hardening headers every answer carries, errors included (set by `app.ts` on each request). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // The browser features the portal never uses, off for it and for anything it might embed; the
  // camera for its own pages only (the quick order scans barcodes), never for a frame it embeds.
  'permissions-policy':
    'accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** Fastify's own 4xx errors (body parsing, content type, size) by code, in Spanish. */
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la petición no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la petición está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La petición es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'El tipo de contenido no está admitido: envía JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
};

/**
 * Fastify's errors before routing (a URL it cannot decode, a path parameter over `maxParamLength`),
 * in Spanish and without the URL. The request hooks have not run, so the headers are set here.
 */
const FRAMEWORK_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_BAD_URL: { status: 400, message: 'La dirección solicitada no es válida.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'La dirección solicitada es demasiado larga.' },
};

/** The `frameworkErrors` server option: `{ message }` with the security headers. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) request.log.error({ err: error }, 'unexpected framework error');
  else request.log.info({ code: error.code }, 'refused before routing');
  reply.headers({ ...SECURITY_HEADERS, 'x-request-id': request.id, 'cache-control': 'no-store' });
  void sendError(reply, known?.status ?? 500, known?.message ?? statusMessage(500));
}

/** Node's HTTP parser errors, answered on the raw socket (no request exists yet). */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; reason: string; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Las cabeceras de la petición son demasiado grandes.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'La petición ha tardado demasiado en llegar.',
  },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: STATUS_MESSAGES[400] as string };

/**
 * The `clientErrorHandler` server option: a malformed request line, headers over the size limit or
 * a request that took too long get `{ message }` in Spanish with the security headers (a HEAD
 * request, the headers only), then the socket is closed (what Node and Fastify do, minus their
 * English body).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || BAD_REQUEST;
  const body = JSON.stringify({ message: known.message });
  const id = randomUUID();
  this.log.debug({ err: error, reqId: id }, 'client error');
  if (socket.writable) {
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
      'x-request-id': id,
      ...SECURITY_HEADERS,
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    // An answer to HEAD has no body (RFC 9110 §9.3.2); its headers still say what a GET would get.
    const isHead = /^HEAD /.test(
      (error as NodeJS.ErrnoException & { rawPacket?: Buffer }).rawPacket?.toString('latin1', 0, 5) ?? '',
    );
    socket.write(`HTTP/1.1 ${known.status} ${known.reason}\r\n${lines.join('')}\r\n${isHead ? '' : body}`);
  }
  socket.destroy(error);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: FieldErrors,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errors === undefined ? { message } : { message, errors });
}

/** An upload over its size limit (the error catalogue's title for a 413). */
export const FILE_TOO_LARGE = 'Fichero demasiado grande';

/**
 * Installs the error handler and the JSON 404: `HttpError` → its status and body; Fastify's client
 * errors (malformed JSON, size, content type) → their 4xx in Spanish; a database that cannot be
 * reached (a connection lost or refused, PostgreSQL restarting) or a statement cancelled by the
 * statement timeout → 503 with `Retry-After`, logged as a warning; anything else → logged with the request id and answered 500 with a generic message.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.message, error.errors);
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      // An upload over its limit: the words the portal and the back office show for a 413.
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.config?.upload === true)
        return sendError(reply, 413, FILE_TOO_LARGE);
      return sendError(reply, status, FASTIFY_MESSAGES[code] ?? statusMessage(status));
    }
    if (isDatabaseUnavailable(error)) {
      const cause = rootCause(error);
      request.log.warn(
        { code: (cause as Error & { code?: unknown }).code, reason: cause.message },
        'database unavailable: answered 503',
      );
      reply.header('retry-after', '5');
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    if (isStatementTimeout(error)) {
      request.log.warn(
        { reason: rootCause(error).message, url: request.routeOptions.url },
        'statement timeout: answered 503',
      );
      reply.header('retry-after', '5');
      return sendError(reply, 503, STATEMENT_TIMEOUT_MESSAGE);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, statusMessage(500));
  });
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, 404, 'La ruta solicitada no existe en la API.'),
  );
}

function rootCause(error: Error): Error {
  let current = error;
  while (current.cause instanceof Error && current.cause !== current) current = current.cause;
  return current;
}
