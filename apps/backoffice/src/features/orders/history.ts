/**
 * What happened to an order, oldest first, in one list: its sending, each status change with who
 * made it and why, its shipments and deliveries, its invoices and refunds. The status changes come
 * from the order's history (which names who made them), the rest from the pharmacist's timeline.
 */
import type { AdminOrderDetail } from '@botica/api-client/admin';
import { ORDER_STATUS } from './order-status.ts';

/** One entry of the order's history as the staff read it. */
export interface HistoryEntry {
  key: string;
  at: string;
  kind: 'order' | 'status' | 'shipment' | 'delivery' | 'invoice' | 'refund';
  /** What happened: 'Pedido PW-2026-000001 enviado', 'En preparación', 'Factura F2026-000001'. */
  text: string;
  /** Who did it, when the order knows it. */
  by?: string;
  /** A cancellation's reason. */
  reason?: string;
  /** A shipment's carrier tracking page. */
  trackingUrl?: string;
  /** An invoice's or refund's PDF. */
  pdfUrl?: string;
}

const DOCUMENT_TEXT = {
  order: (number: string) => `Pedido ${number} enviado`,
  shipment: (number: string) => `Salida del almacén · albarán ${number}`,
  delivery: (number: string) => `Entregado · albarán ${number}`,
  invoice: (number: string) => `Factura ${number}`,
  refund: (number: string) => `Factura rectificativa ${number}`,
} as const;

/** The order's history, oldest first (entries at the same instant keep the order they come in). */
export function historyEntries(
  order: Pick<AdminOrderDetail, 'timeline' | 'status_changes' | 'sent_by'>,
): HistoryEntry[] {
  const documents = order.timeline.flatMap((event, index): HistoryEntry[] => {
    if (event.kind === 'status') return [];
    return [
      {
        key: `${event.kind}-${event.document_id}-${index}`,
        at: event.at,
        kind: event.kind,
        text: DOCUMENT_TEXT[event.kind](event.number),
        ...(event.kind === 'order' && order.sent_by ? { by: order.sent_by.username } : {}),
        ...(event.tracking_url ? { trackingUrl: event.tracking_url } : {}),
        ...(event.pdf_url ? { pdfUrl: event.pdf_url } : {}),
      },
    ];
  });
  // The order's arrival is its sending, already listed.
  const changes = order.status_changes.flatMap((change, index): HistoryEntry[] =>
    change.status === 'received'
      ? []
      : [
          {
            key: `status-${index}`,
            at: change.at,
            kind: 'status',
            text: ORDER_STATUS[change.status].label,
            ...(change.by ? { by: change.by.username } : {}),
            ...(change.reason ? { reason: change.reason } : {}),
          },
        ],
  );
  return [...documents, ...changes]
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.position - b.position)
    .map(({ entry }) => entry);
}
