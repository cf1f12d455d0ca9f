/**
 * /account/invoices — MIS FACTURAS: the invoices and the facturas rectificativas (refunds), each
 * list newest first, ten a page (`?page=` and `?abonos=`), each document with its PDF. A sub-user
 * without permission to see invoices gets 'Datos Restringidos' instead (the server refuses too).
 */
import type { Invoice, InvoicesResponse, Refund, RefundsResponse, User } from '@botica/api-client/schemas';
import { eurosToCents, formatEuros } from '@botica/domain';
import { EmptyState, Link, Pagination } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../app/api.ts';
import { useDocumentTitle } from '../../../app/document-title.ts';
import { currentUser } from '../../auth/session.ts';
import { AmountsSummary, day, PdfLink, pageParam } from '../documents/documents-view.tsx';
import { accountPermissions } from '../permissions.ts';
import { RestrictedSection } from '../restricted.tsx';

type InvoicesData = { invoices: InvoicesResponse; refunds: RefundsResponse } | null;

export async function loader({ request }: LoaderFunctionArgs): Promise<InvoicesData> {
  const user = (await currentUser()) as User;
  if (!accountPermissions(user).canViewInvoices) return null;
  const params = new URL(request.url).searchParams;
  const clientId = user.client?.id ?? 0;
  const [invoices, refunds] = await Promise.all([
    api.documents.invoices(clientId, { page: pageParam(params) }),
    api.documents.refunds(clientId, { page: pageParam(params, 'abonos') }),
  ]);
  return { invoices, refunds };
}

function DocumentCard({ document }: { document: Invoice | Refund }) {
  const isRefund = 'corrects' in document;
  return (
    <li className="documents__card">
      <div className="documents__card-head">
        <h3 className="documents__card-title">
          {isRefund ? 'Factura rectificativa' : 'Factura'} {document.number}
        </h3>
        <span className="documents__money documents__money--lead">
          {formatEuros(isRefund ? -eurosToCents(document.total_price) : eurosToCents(document.total_price))}
        </span>
      </div>
      <dl className="documents__facts">
        <div>
          <dt>Fecha</dt>
          <dd>{day(document.issued_at)}</dd>
        </div>
        <div>
          <dt>Pedido</dt>
          <dd>
            <Link href={`/account/orders?pedido=${document.order.id}`} variant="inline">
              {document.order.number}
            </Link>
          </dd>
        </div>
        {isRefund ? (
          <>
            <div>
              <dt>Rectifica</dt>
              <dd>
                {document.corrects.number} ({day(document.corrects.issued_at)})
              </dd>
            </div>
            <div className="documents__fact--wide">
              <dt>Motivo</dt>
              <dd>{document.reason}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className="documents__actions">
        <PdfLink href={document.pdf_url} number={document.number} />
      </div>
      <details className="documents__disclosure">
        <summary>Desglose de importes</summary>
        <AmountsSummary document={document} negative={isRefund} />
      </details>
    </li>
  );
}

export function Component() {
  const data = useLoaderData() as InvoicesData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle('Mis facturas');
  const go = (name: string, page: number) => {
    const next = new URLSearchParams(params);
    next.set(name, String(page));
    navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  if (data === null) {
    return (
      <div className="documents">
        <h1 className="documents__title">Mis facturas</h1>
        <RestrictedSection />
      </div>
    );
  }
  const { invoices, refunds } = data;
  return (
    <div className="documents">
      <h1 className="documents__title">Mis facturas</h1>
      <section className="documents__section" aria-labelledby="invoices-title">
        <h2 id="invoices-title" className="documents__section-title">
          Facturas <span className="documents__count">({invoices.meta.total})</span>
        </h2>
        {invoices.data.length === 0 ? (
          <EmptyState title="No hay facturas" description={<p>Aún no tienes facturas.</p>} />
        ) : (
          <ul className="documents__list">
            {invoices.data.map((invoice) => (
              <DocumentCard key={invoice.id} document={invoice} />
            ))}
          </ul>
        )}
        {invoices.meta.last_page > 1 ? (
          <Pagination
            page={invoices.meta.current_page}
            pageCount={invoices.meta.last_page}
            onPageChange={(page) => go('page', page)}
            aria-label="Páginas de facturas"
          />
        ) : null}
      </section>
      <section className="documents__section" aria-labelledby="refunds-title">
        <h2 id="refunds-title" className="documents__section-title">
          Facturas rectificativas <span className="documents__count">({refunds.meta.total})</span>
        </h2>
        {refunds.data.length === 0 ? (
          <EmptyState title="No hay facturas rectificativas" description={<p>No tienes abonos.</p>} />
        ) : (
          <ul className="documents__list">
            {refunds.data.map((refund) => (
              <DocumentCard key={refund.id} document={refund} />
            ))}
          </ul>
        )}
        {refunds.meta.last_page > 1 ? (
          <Pagination
            page={refunds.meta.current_page}
            pageCount={refunds.meta.last_page}
            onPageChange={(page) => go('abonos', page)}
            aria-label="Páginas de facturas rectificativas"
          />
        ) : null}
      </section>
    </div>
  );
}
