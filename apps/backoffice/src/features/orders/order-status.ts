/** An order's statuses as the staff read them, and the changes an admin makes between them. */
import type { BadgeTone } from '@botica/ui';

/** Every status of an order, in the order it goes through them. */
export const ORDER_STATUSES = ['received', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A status's name (the pharmacist reads the same words on the portal) and its badge's tone. */
export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  received: { label: 'Recibido', tone: 'info' },
  processing: { label: 'En preparación', tone: 'warning' },
  shipped: { label: 'Enviado', tone: 'primary' },
  delivered: { label: 'Entregado', tone: 'success' },
  cancelled: { label: 'Cancelado', tone: 'neutral' },
};

/** The button that moves an order to a status, and the question its confirmation asks. */
export const STATUS_ACTION: Record<Exclude<OrderStatus, 'received'>, { label: string; question: string }> = {
  processing: { label: 'Pasar a en preparación', question: 'pasar a en preparación' },
  shipped: { label: 'Marcar como enviado', question: 'marcar como enviado' },
  delivered: { label: 'Marcar como entregado', question: 'marcar como entregado' },
  cancelled: { label: 'Cancelar pedido', question: 'cancelar' },
};

/** The most characters of a cancellation's reason. */
export const CANCEL_REASON_MAX = 500;

/** The messages of a cancellation's reason (the server's words). */
export const CANCEL_REASON_MESSAGES = {
  required: 'El motivo de la cancelación es obligatorio.',
  tooLong: `El motivo puede tener como máximo ${CANCEL_REASON_MAX} caracteres.`,
} as const;

/** The problem of a cancellation's reason: something written, at most {@link CANCEL_REASON_MAX} characters. */
export function cancelReasonProblems({ reason }: { reason: string }): { reason?: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { reason: CANCEL_REASON_MESSAGES.required };
  if (trimmed.length > CANCEL_REASON_MAX) return { reason: CANCEL_REASON_MESSAGES.tooLong };
  return {};
}
