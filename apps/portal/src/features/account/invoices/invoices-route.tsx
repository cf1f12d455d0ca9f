/**
 * /account/invoices — MIS FACTURAS: the invoices and the facturas rectificativas (refunds), each
 * list newest first, ten a page (`?page=` and `?abonos=`), each document with its PDF. One search
 * narrows both lists, by a range of days and a part of the number, in the address like PEDIDOS
 * WEB's filters (`?desde=&hasta=&numero=`; the server filters). A sub-user without permission to
 * see invoices gets 'Datos Restringidos' instead (the server refuses too).
 */
import type { Invoice, InvoicesResponse, Refund, RefundsResponse, User } from '@botica/api-client/schemas';
import { DOCUMENT_NUMBER_SEARCH_MAX } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatEuros } from '@botica/domain';
import { EmptyState, Link, Pagination } from '@botica/ui';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { currentUser } from '../../auth/session.ts';
import { AmountsSummary, day, PdfLink, pageParam } from '../documents/documents-view.tsx';
import {
  DateRangeFields,
  dayParam,
  FilterActions,
  isRangeWrong,
  RangeMessage,
  rangeQuery,
  useFilterNavigation,
} from '../documents/filters.tsx';
import { accountPermissions } from '../permissions.ts';
import { invoicesQuery, refundsQuery } from '../queries.ts';
import { RestrictedSection } from '../restricted.tsx';

interface Filters {
  from: string;
  to: string;
  number: string;
}

type InvoicesData = { invoices: InvoicesResponse; refunds: RefundsResponse; filters: Filters } | null;

export async function loader({ context, request }: LoaderFunctionArgs): Promise<InvoicesData> {
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser() as Promise<User>]);
  if (!accountPermissions(user).canViewInvoices) return null;
  const params = new URL(request.url).searchParams;
  const clientId = user.client?.id ?? 0;
  const filters: Filters = {
    from: dayParam(params, 'desde'),
    to: dayParam(params, 'hasta'),
    number: (params.get('numero') ?? '').trim().slice(0, DOCUMENT_NUMBER_SEARCH_MAX),
  };
  const query = {
    ...rangeQuery(filters.from, filters.to),
    ...(filters.number ? { number: filters.number } : {}),
  };
  const [invoices, refunds] = await Promise.all([
    queryClient.fetchQuery(invoicesQuery(clientId, { page: pageParam(params), ...query })),
    queryClient.fetchQuery(refundsQuery(clientId, { page: pageParam(params, 'abonos'), ...query })),
  ]);
  return { invoices, refunds, filters };
}

function InvoiceFilters({ filters }: { filters: Filters }) {
  const go = useFilterNavigation();
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [number, setNumber] = useState(filters.number);
  useEffect(() => {
    setFrom(filters.from);
    setTo(filters.to);
    setNumber(filters.number);
  }, [filters]);
  return (
    <form
      className="documents__filters"
      aria-label="Buscar facturas"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isRangeWrong(from, to))
          go({ desde: from, hasta: to, numero: number.trim(), page: '', abonos: '' });
      }}
    >
      <DateRangeFields
        from={from}
        to={to}
        onFromChange={setFrom}
        onToChange={setTo}
        errorId="invoices-range-error"
      />
      <label className="documents__field">
        <span>Número (todo o parte)</span>
        <input
          type="search"
          name="numero"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          maxLength={DOCUMENT_NUMBER_SEARCH_MAX}
          placeholder="F2026-000123"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <FilterActions
        isFiltered={Boolean(filters.from || filters.to || filters.number)}
        onClear={() => go({ desde: '', hasta: '', numero: '', page: '', abonos: '' })}
      />
      <RangeMessage from={from} to={to} errorId="invoices-range-error" />
    </form>
  );
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
  const go = useFilterNavigation();
  useDocumentTitle('Mis facturas');
  if (data === null) {
    return (
      <div className="documents">
        <h1 className="documents__title">Mis facturas</h1>
        <RestrictedSection />
      </div>
    );
  }
  const { invoices, refunds, filters } = data;
  const isFiltered = Boolean(filters.from || filters.to || filters.number);
  return (
    <div className="documents">
      <h1 className="documents__title">Mis facturas</h1>
      <InvoiceFilters filters={filters} />
      <section className="documents__section" aria-labelledby="invoices-title">
        <h2 id="invoices-title" className="documents__section-title">
          Facturas <span className="documents__count">({invoices.meta.total})</span>
        </h2>
        {invoices.data.length === 0 ? (
          <EmptyState
            title="No hay facturas"
            description={
              <p>{isFiltered ? 'Ninguna factura cumple la búsqueda.' : 'Aún no tienes facturas.'}</p>
            }
          />
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
            onPageChange={(page) => go({ page: String(page) }, { preventScrollReset: true })}
            aria-label="Páginas de facturas"
          />
        ) : null}
      </section>
      <section className="documents__section" aria-labelledby="refunds-title">
        <h2 id="refunds-title" className="documents__section-title">
          Facturas rectificativas <span className="documents__count">({refunds.meta.total})</span>
        </h2>
        {refunds.data.length === 0 ? (
          <EmptyState
            title="No hay facturas rectificativas"
            description={
              <p>{isFiltered ? 'Ninguna factura rectificativa cumple la búsqueda.' : 'No tienes abonos.'}</p>
            }
          />
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
            onPageChange={(page) => go({ abonos: String(page) }, { preventScrollReset: true })}
            aria-label="Páginas de facturas rectificativas"
          />
        ) : null}
      </section>
    </div>
  );
}
