/** The pictures' page's small rules: the new orders it asks for, sizes in Spanish, an upload's error. */
import { isApiError } from '@botica/api-client';

/**
 * The order after moving picture `position` one place up (-1) or down (+1), as the server takes it:
 * every position once, the first to show first; null when it cannot move that way.
 * @example moveOrder(3, 2, -1) // [2, 1, 3]
 */
export function moveOrder(count: number, position: number, step: -1 | 1): number[] | null {
  return dropOrder(count, position, position + step);
}

/**
 * The order after dragging picture `from` onto place `to` (the others shift to make room); null
 * when nothing moves or a place is out of range.
 * @example dropOrder(4, 1, 3) // [2, 3, 1, 4]
 */
export function dropOrder(count: number, from: number, to: number): number[] | null {
  if (from === to || from < 1 || to < 1 || from > count || to > count) return null;
  const order = Array.from({ length: count }, (_, index) => index + 1).filter(
    (position) => position !== from,
  );
  order.splice(to - 1, 0, from);
  return order;
}

const KILOBYTES = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const MEGABYTES = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/**
 * A file's size as a person reads it, in Spanish.
 * @example formatBytes(1_572_864) // '1,5 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${KILOBYTES.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${MEGABYTES.format(bytes / (1024 * 1024))} MB`;
}

/**
 * What to show next to a file the server refused: its message under `file` (422), its message (413
 * 'Fichero demasiado grande', 409 past the limit…), or a plain Spanish sentence when no answer came.
 */
export function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'No se ha podido subir la fotografía. Inténtalo de nuevo.';
  if (error.status === 'timeout' || error.status === 'network') {
    return 'No hay conexión con el servidor: la fotografía no se ha subido. Inténtalo de nuevo.';
  }
  return error.fieldError('file') ?? error.message;
}
