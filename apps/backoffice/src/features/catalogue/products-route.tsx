/**
 * /backoffice/catalogue: the laboratory's products, active or not, found as the portal's search finds
 * them (reference, name regardless of accents, typos) and narrowed by category, status and stock,
 * a page of 50 at a time. The address keeps the search, so a link or the back button shows the same
 * results. An admin opens a product to edit it or creates one; a sales rep reads them.
 */
import type { AdminProductRow, AdminProductsQuery } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatCount, formatEuros, formatPercent } from '@botica/domain';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Link,
  NativeSelect,
  Pagination,
  StockBadge,
} from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { flatten, indentedName, treeName } from './category-tree.ts';
import { categoryTrees, productList } from './queries.ts';
import { isFiltered, type ProductSearch, readSearch, SEARCH_MAX, searchAddress } from './search.ts';
import './catalogue.css';

/** The list endpoint's query of a search: only what is set, the first page left out. */
function listQuery(search: ProductSearch): AdminProductsQuery {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.categoryId ? { category_id: Number(search.categoryId) } : {}),
    ...(search.active ? { status: search.active === 'yes' ? 'active' : 'inactive' } : {}),
    ...(search.stock ? { stock: search.stock } : {}),
    ...(search.page > 1 ? { page: search.page } : {}),
  };
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const search = readSearch(new URL(request.url).searchParams);
  const [list] = await Promise.all([
    queryClient.fetchQuery(productList(listQuery(search))),
    queryClient.fetchQuery(categoryTrees()),
  ]);
  return list;
}

/** The product's Código Nacional as pharmacies write it: '123456.8'. */
function nationalCodeText(code: string | null): string {
  return code && code.length === 7 ? `${code.slice(0, 6)}.${code.slice(6)}` : (code ?? '—');
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminProductRow>> = [
  { id: 'reference', header: 'Referencia', value: (row) => row.reference },
  {
    id: 'name',
    header: 'Producto',
    value: (row) => row.name,
    render: (row) => (
      <span className="bo-catalogue__name">
        <Link href={`/catalogue/products/${row.id}`} variant="standalone">
          {row.name}
        </Link>
        {row.format ? <span className="bo-catalogue__muted">{row.format}</span> : null}
      </span>
    ),
    isRowHeader: true,
  },
  { id: 'cn', header: 'CN', value: (row) => nationalCodeText(row.national_code) },
  {
    id: 'price',
    header: 'Precio tarifa',
    value: (row) => row.price,
    render: (row) => formatEuros(eurosToCents(row.price)),
    align: 'end',
  },
  {
    id: 'vat',
    header: 'IVA',
    value: (row) => row.vat_rate,
    render: (row) => formatPercent(row.vat_rate),
    align: 'end',
  },
  {
    id: 'stock',
    header: 'Stock',
    value: (row) => row.stock.state,
    render: (row) => <StockBadge stock={row.stock.state} />,
  },
  {
    id: 'active',
    header: 'Estado',
    value: (row) => (row.is_active ? 'Activo' : 'Inactivo'),
    render: (row) =>
      row.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>,
  },
];

/** The words box and its button: Enter or 'Buscar' writes the words to the address. */
function SearchForm({ search, onSearch }: { search: ProductSearch; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(search.q);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(q);
  }
  return (
    <search aria-label="Buscar productos">
      <form className="bo-catalogue__search" onSubmit={submit}>
        <label className="bt-field bo-catalogue__search-field">
          <span className="bt-field__label">Buscar producto</span>
          <input
            className="bt-input"
            type="search"
            name="q"
            value={q}
            maxLength={SEARCH_MAX}
            onChange={(event) => setQ(event.target.value)}
            aria-describedby="catalogue-search-help"
          />
          <span id="catalogue-search-help" className="bo-catalogue__muted">
            Nombre o referencia, como en el portal, o el CN o EAN completo.
          </span>
        </label>
        <Button type="submit">Buscar</Button>
      </form>
    </search>
  );
}

function countText(total: number): string {
  return total === 1 ? '1 producto' : `${formatCount(total)} productos`;
}

export function Component() {
  useDocumentTitle('Catálogo');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const { data: list } = useSuspenseQuery(productList(listQuery(search)));
  const { data: trees } = useSuspenseQuery(categoryTrees());
  // From the address as it is now: a filter chosen while the last search still renders keeps it.
  const go = (changes: Partial<ProductSearch>) =>
    void navigate(searchAddress(readSearch(new URLSearchParams(window.location.search)), changes));
  const filtered = isFiltered(search);
  const categoryOptions = trees.data.flatMap((root) => [
    { id: String(root.id), label: treeName(root.id) },
    ...flatten(root).map((category) => ({
      id: String(category.id),
      label: `— ${indentedName(category)}`,
    })),
  ]);

  return (
    <section className="bo-catalogue" aria-labelledby="catalogue-title">
      <div className="bo-catalogue__head">
        <div>
          <h1 id="catalogue-title">Catálogo</h1>
          <p className="bo-catalogue__muted">
            {isAdmin
              ? 'Los productos del laboratorio, activos e inactivos.'
              : 'Los productos del laboratorio, activos e inactivos (solo lectura).'}
          </p>
        </div>
        <div className="bo-catalogue__actions">
          <Link href="/catalogue/categories" variant="standalone">
            Categorías
          </Link>
          {isAdmin ? (
            <Link href="/catalogue/products/new" variant="primary">
              Nuevo producto
            </Link>
          ) : null}
        </div>
      </div>
      <div className="bo-catalogue__filters">
        {/* A new address (the back button included) starts the box from its words. */}
        <SearchForm key={search.q} search={search} onSearch={(q) => go({ q })} />
        <NativeSelect
          label="Categoría"
          value={search.categoryId}
          onChange={(categoryId) => go({ categoryId })}
          options={[{ id: '', label: 'Todas las categorías' }, ...categoryOptions]}
        />
        <NativeSelect
          label="Estado"
          value={search.active}
          onChange={(active) => go({ active })}
          options={[
            { id: '', label: 'Activos e inactivos' },
            { id: 'yes', label: 'Activos' },
            { id: 'no', label: 'Inactivos' },
          ]}
        />
        <NativeSelect
          label="Stock"
          value={search.stock}
          onChange={(stock) => go({ stock })}
          options={[
            { id: '', label: 'Cualquier stock' },
            { id: 'in_stock', label: 'En stock' },
            { id: 'low_stock', label: 'Últimas unidades' },
            { id: 'out_of_stock', label: 'Agotado' },
          ]}
        />
      </div>
      <div className="bo-catalogue__summary">
        <p role="status" className="bo-catalogue__count">
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
              ? `Ningún producto coincide con «${search.q}»`
              : 'Ningún producto coincide con los filtros'
          }
          description="Prueba con otras palabras o quita los filtros."
        />
      ) : (
        <div className="bo-catalogue__table">
          <DataTable aria-label="Productos encontrados" columns={COLUMNS} rows={list.data} />
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
