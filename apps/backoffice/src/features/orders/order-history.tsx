/** The order's history as a list, oldest first: when, what, who and why. */
import type { AdminOrderDetail } from '@botica/api-client/admin';
import { formatDateTime } from '@botica/domain';
import { Link } from '@botica/ui';
import { historyEntries } from './history.ts';

export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <ol className="bo-order__history" aria-label={`Seguimiento del pedido ${order.number}`}>
      {historyEntries(order).map((entry) => (
        <li key={entry.key} className={`bo-order__event bo-order__event--${entry.kind}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          <span className="bo-order__event-text">
            {entry.text}
            {entry.by ? <span className="bo-order__muted"> · por {entry.by}</span> : null}
          </span>
          {entry.reason ? <span className="bo-order__reason">Motivo: {entry.reason}</span> : null}
          {entry.trackingUrl ? (
            <Link href={entry.trackingUrl} isExternal variant="inline">
              Seguimiento del envío
            </Link>
          ) : null}
          {entry.pdfUrl ? (
            <Link href={entry.pdfUrl} variant="inline" aria-label={`Descargar PDF: ${entry.text}`}>
              Descargar PDF
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
