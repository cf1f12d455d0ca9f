/**
 * /backoffice/pharmacies: the laboratory's pharmacies, found by name, CIF/NIF, ERP code, username or
 * city and narrowed by sales rep and discount group, a page of 50 at a time. The address keeps the
 * search, so a link or the back button shows the same results. A sales rep finds only his own and
 * has no filter by rep.
 */
import type { AdminPharmacySummary } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDate } from '@botica/domain';
import {
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Link,
  NativeSelect,
  Pagination,
} from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { groupLabel, recargoLabel, repLabel } from './conditions.ts';
import { discountGroupList, pharmacyList, salesRepList } from './queries.ts';
import { isFiltered, listQuery, type PharmacySearch, readSearch, searchAddress } from './search.ts';
import './pharmacies.css';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const search = readSearch(new URL(request.url).searchParams);
  const [list] = await Promise.all([
    queryClient.fetchQuery(pharmacyList(listQuery(search))),
    queryClient.fetchQuery(salesRepList()),
    queryClient.fetchQuery(discountGroupList()),
  ]);
  return list;
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminPharmacySummary>> = [
  {
    id: 'name',
    header: 'Farmacia',
    value: (row) => row.name,
    render: (row) => (
      <span className="bo-pharmacies__name">
        <Link href={`/pharmacies/${row.id}`} variant="standalone">
          {row.name}
        </Link>
        <span className="bo-pharmacies__muted">ERP {row.erp_code}</span>
      </span>
    ),
    isRowHeader: true,
  },
  { id: 'tax-id', header: 'CIF/NIF', value: (row) => row.tax_id },
  { id: 'city', header: 'Ciudad', value: (row) => row.city },
  { id: 'rep', header: 'Comercial', value: (row) => repLabel(row.sales_rep) },
  { id: 'group', header: 'Grupo', value: (row) => groupLabel(row.discount_group) },
  { id: 'recargo', header: 'Recargo', value: (row) => recargoLabel(row.recargo_equivalencia) },
  {
    id: 'last-order',
    header: 'Último pedido',
    value: (row) => row.last_order_at,
    render: (row) => (row.last_order_at ? formatDate(row.last_order_at) : 'Ninguno'),
  },
];

/** The words box and its button: Enter or 'Buscar' writes the words to the address. */
function SearchForm({ search, onSearch }: { search: PharmacySearch; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(search.q);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(q);
  }
  return (
    <search aria-label="Buscar farmacias">
      <form className="bo-pharmacies__search" onSubmit={submit}>
        <label className="bt-field bo-pharmacies__search-field">
          <span className="bt-field__label">Buscar farmacia</span>
          <input
            className="bt-input"
            type="search"
            name="q"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
            aria-describedby="pharmacies-search-help"
          />
          <span id="pharmacies-search-help" className="bo-pharmacies__muted">
            Nombre, CIF/NIF, código ERP, usuario o ciudad.
          </span>
        </label>
        <Button type="submit">Buscar</Button>
      </form>
    </search>
  );
}

function countText(total: number): string {
  return total === 1 ? '1 farmacia' : `${formatCount(total)} farmacias`;
}

export function Component() {
  useDocumentTitle('Farmacias');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const user = useAtomValue(userAtom);
  const isRep = user?.role === 'sales_rep';
  const { data: list } = useSuspenseQuery(pharmacyList(listQuery(search)));
  const { data: reps } = useSuspenseQuery(salesRepList());
  const { data: groups } = useSuspenseQuery(discountGroupList());
  const go = (changes: Partial<PharmacySearch>) => void navigate(searchAddress(search, changes));
  const filtered = isFiltered(search);

  return (
    <section className="bo-pharmacies" aria-labelledby="pharmacies-title">
      <h1 id="pharmacies-title">Farmacias</h1>
      <p className="bo-pharmacies__muted">
        {isRep ? 'Las farmacias de tu zona.' : 'Las farmacias clientes del laboratorio.'}
      </p>
      <div className="bo-pharmacies__filters">
        {/* A new address (the back button included) starts the box from its words. */}
        <SearchForm key={search.q} search={search} onSearch={(q) => go({ q })} />
        {isRep ? null : (
          <NativeSelect
            label="Comercial"
            value={search.salesRepId}
            onChange={(salesRepId) => go({ salesRepId })}
            options={[
              { id: '', label: 'Todos los comerciales' },
              ...reps.data.map((rep) => ({ id: String(rep.id), label: rep.name })),
            ]}
          />
        )}
        <NativeSelect
          label="Grupo de descuento"
          value={search.discountGroupId}
          onChange={(discountGroupId) => go({ discountGroupId })}
          options={[
            { id: '', label: 'Todos los grupos' },
            ...groups.data.map((group) => ({ id: String(group.id), label: groupLabel(group) })),
          ]}
        />
      </div>
      <div className="bo-pharmacies__summary">
        <p role="status" className="bo-pharmacies__count">
          {countText(list.meta.total)}
        </p>
        {filtered ? (
          <Button variant="ghost" size="sm" onPress={() => void navigate('?')}>
            Quitar filtros
          </Button>
        ) : null}
      </div>
      {list.data.length === 0 ? (
        <EmptyState
          title={
            search.q
              ? `Ninguna farmacia coincide con «${search.q}»`
              : 'Ninguna farmacia coincide con los filtros'
          }
          description="Prueba con otras palabras o quita los filtros."
        />
      ) : (
        <div className="bo-pharmacies__table">
          <DataTable aria-label="Farmacias encontradas" columns={COLUMNS} rows={list.data} />
        </div>
      )}
      {list.meta.last_page > 1 ? (
        <Pagination
          page={list.meta.current_page}
          pageCount={list.meta.last_page}
          onPageChange={(page) => go({ page })}
        />
      ) : null}
    </section>
  );
}
