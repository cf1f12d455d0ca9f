/**
 * /account/erp-shipments — ENVIOS: the shipments of the laboratory's ERP, newest first, ten a page:
 * date, delivery note, carrier and tracking link, status, packages, the order each belongs to (a link
 * that opens it in PEDIDOS WEB) and the lines shipped.
 */
import type { ErpShipmentsResponse, User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Badge, EmptyState, Link, Pagination } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { currentUser } from '../../auth/session.ts';
import {
  DocumentNumber,
  day,
  lotText,
  pageParam,
  productsAndUnits,
  SHIPMENT_STATUS,
  units,
} from '../documents/documents-view.tsx';
import { shipmentsQuery } from '../queries.ts';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<ErpShipmentsResponse> {
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  const clientId = (user as User).client?.id ?? 0;
  return queryClient.fetchQuery(
    shipmentsQuery(clientId, { page: pageParam(new URL(request.url).searchParams) }),
  );
}

export function Component() {
  const shipments = useLoaderData() as ErpShipmentsResponse;
  const navigate = useNavigate();
  useDocumentTitle('Envíos');
  return (
    <div className="documents">
      <h1 className="documents__title">Envíos</h1>
      <p className="documents__count">
        {shipments.meta.total === 1 ? '1 envío' : `${shipments.meta.total} envíos`}
      </p>
      {shipments.data.length === 0 ? (
        <EmptyState title="No hay envíos" description={<p>Aún no te hemos enviado ningún pedido.</p>} />
      ) : (
        <ul className="documents__list">
          {shipments.data.map((shipment) => {
            const status = SHIPMENT_STATUS[shipment.status];
            return (
              <li key={shipment.id} className="documents__card" id={`envio-${shipment.id}`}>
                <div className="documents__card-head">
                  <h2 className="documents__card-title">
                    Albarán <DocumentNumber>{shipment.delivery_note}</DocumentNumber>
                  </h2>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <dl className="documents__facts">
                  <div>
                    <dt>Fecha de envío</dt>
                    <dd>{day(shipment.shipped_at)}</dd>
                  </div>
                  {shipment.delivered_at ? (
                    <div>
                      <dt>Entregado</dt>
                      <dd>{day(shipment.delivered_at)}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>Transportista</dt>
                    <dd>{shipment.carrier}</dd>
                  </div>
                  <div>
                    <dt>Bultos</dt>
                    <dd>{shipment.packages}</dd>
                  </div>
                  <div>
                    <dt>Pedido</dt>
                    <dd>
                      <Link href={`/account/orders?pedido=${shipment.order.id}`} variant="inline">
                        <DocumentNumber>{shipment.order.number}</DocumentNumber>
                      </Link>
                    </dd>
                  </div>
                </dl>
                <div className="documents__actions">
                  <Link href={shipment.tracking_url} isExternal variant="standalone">
                    Seguimiento {shipment.tracking_number}
                  </Link>
                </div>
                <details className="documents__disclosure">
                  <summary>Productos enviados: {productsAndUnits(shipment.lines)}</summary>
                  <ul className="documents__shipped">
                    {shipment.lines.map((line, index) => {
                      const lot = lotText(line);
                      return (
                        // One product may come in two lots: the position tells the lines apart.
                        <li key={`${line.product_id}-${index}`}>
                          <span className="documents__line-name">
                            <span className="documents__ref">{line.reference}</span> {line.name}
                            {lot ? <span className="documents__lot">{lot}</span> : null}
                          </span>
                          <span className="documents__qty">{units(line.quantity)}</span>
                        </li>
                      );
                    })}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      {shipments.meta.last_page > 1 ? (
        <Pagination
          page={shipments.meta.current_page}
          pageCount={shipments.meta.last_page}
          onPageChange={(page) => navigate(`?page=${page}`)}
          aria-label="Páginas de envíos"
        />
      ) : null}
    </div>
  );
}
