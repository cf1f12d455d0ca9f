/** An order's statuses as the staff read them, and the changes an admin makes between them. */
import { ADMIN_ORDER_MESSAGES, ORDER_CANCEL_REASON_MAX } from '@botica/api-client/admin';
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
export const STATUS_ACTION: Record<
  Exclude<OrderStatus, 'received'>,
  { label: string; question: (number: string) => string }
> = {
  processing: {
    label: 'Pasar a «En preparación»',
    question: (number) => `¿Pasar el pedido ${number} a «En preparación»?`,
  },
  shipped: { label: 'Pasar a «Enviado»', question: (number) => `¿Pasar el pedido ${number} a «Enviado»?` },
  delivered: {
    label: 'Pasar a «Entregado»',
    question: (number) => `¿Pasar el pedido ${number} a «Entregado»?`,
  },
  cancelled: { label: 'Cancelar pedido', question: (number) => `Cancelar el pedido ${number}` },
};

/** The problem of a cancellation's reason, as the server words it: something written, at most its limit. */
export function cancelReasonProblems({ reason }: { reason: string }): { reason?: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { reason: ADMIN_ORDER_MESSAGES.reasonRequired };
  if (trimmed.length > ORDER_CANCEL_REASON_MAX) return { reason: ADMIN_ORDER_MESSAGES.reasonTooLong };
  return {};
}
