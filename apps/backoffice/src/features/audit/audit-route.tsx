/**
 * /backoffice/audit: the audit log, newest first, for the admins (the server answers a sales rep 403,
 * which the page's error shows inside the layout). Its filters live in the address: a person, an
 * object type and id, from/to days (Madrid); each row says who did what to which object, and 'Ver
 * cambios' opens the object's fields before → after.
 */
import type { AuditActorsResponse, AuditEntry, AuditQuery } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import { Button, Link, NativeSelect, Pagination, TextField } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { actionLabel, fieldChanges, OBJECT_TYPE_OPTIONS, objectTypeLabel } from './describe-change.ts';
import { auditFilters, auditSearch } from './filters.ts';
import { auditActorList, auditList } from './queries.ts';
import './audit.css';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const [list] = await Promise.all([
    queryClient.fetchQuery(auditList(auditFilters(new URL(request.url).searchParams))),
    queryClient.fetchQuery(auditActorList()),
  ]);
  return list;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const rows = fieldChanges(entry.before, entry.after);
  if (rows.length === 0) return <span className="bo-audit__muted">Sin datos</span>;
  return (
    <details className="bo-audit__changes">
      <summary>Ver cambios</summary>
      <table className="bo-audit__diff">
        <caption className="bt-visually-hidden">Cambios del registro {entry.id}</caption>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Antes</th>
            <th scope="col">Después</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className={row.isChanged ? 'bo-audit__changed' : undefined}>
              <th scope="row">
                {row.field}
                {row.isChanged ? <span className="bo-audit__tag"> (cambiado)</span> : null}
              </th>
              <td>{row.before}</td>
              <td>{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The filled fields of the filters' form as an address, the empty ones left out of it. */
function filledSearch(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function Filters({ filters, actors }: { filters: AuditQuery; actors: AuditActorsResponse['data'] }) {
  const [objectType, setObjectType] = useState(filters.object_type ?? '');
  const [person, setPerson] = useState(filters.user_id === undefined ? '' : String(filters.user_id));
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      className="bo-audit__filters"
      aria-label="Filtros del registro de cambios"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(`/audit${filledSearch(event.currentTarget)}`);
      }}
    >
      <NativeSelect
        label="Persona"
        name="user_id"
        options={[
          { id: '', label: 'Todas' },
          ...actors.map((actor) => ({ id: String(actor.id), label: actor.username })),
          ...(person && !actors.some((actor) => String(actor.id) === person)
            ? [{ id: person, label: `Usuario ${person}` }]
            : []),
        ]}
        value={person}
        onChange={setPerson}
      />
      <NativeSelect
        label="Tipo de objeto"
        name="object_type"
        options={[
          { id: '', label: 'Todos' },
          ...OBJECT_TYPE_OPTIONS,
          ...(objectType && !OBJECT_TYPE_OPTIONS.some((option) => option.id === objectType)
            ? [{ id: objectType, label: objectTypeLabel(objectType) }]
            : []),
        ]}
        value={objectType}
        onChange={setObjectType}
      />
      <TextField label="Id del objeto" name="object_id" defaultValue={filters.object_id ?? ''} />
      <TextField label="Desde" name="from" type="date" defaultValue={filters.from ?? ''} />
      <TextField label="Hasta" name="to" type="date" defaultValue={filters.to ?? ''} />
      <div className="bo-audit__filter-actions">
        <Button type="submit">Filtrar</Button>
        <Link href="/audit">Quitar filtros</Link>
      </div>
    </Form>
  );
}

export function Component() {
  useDocumentTitle('Registro de cambios');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = auditFilters(params);
  const { data } = useSuspenseQuery(auditList(filters));
  const { data: actors } = useSuspenseQuery(auditActorList());
  const { meta } = data;
  const search = auditSearch(filters);
  return (
    <section className="bo-audit" aria-labelledby="audit-title">
      <h1 id="audit-title">Registro de cambios</h1>
      <p className="bo-audit__muted">Quién cambió qué y cuándo en el back office, lo más reciente primero.</p>
      <Filters key={search} filters={filters} actors={actors.data} />
      <p className="bo-audit__count" role="status">
        {meta.total === 1 ? '1 cambio' : `${formatCount(meta.total)} cambios`}
        {meta.last_page > 1 ? ` · página ${meta.current_page} de ${meta.last_page}` : ''}
      </p>
      {data.data.length === 0 ? (
        <p>No hay cambios con estos filtros.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus to scroll.
        <section className="bo-audit__scroll" aria-label="Cambios" tabIndex={0}>
          <table className="bo-audit__table">
            <thead>
              <tr>
                <th scope="col" className="bo-audit__heading">
                  Cuándo
                </th>
                <th scope="col" className="bo-audit__heading">
                  Quién
                </th>
                <th scope="col" className="bo-audit__heading">
                  Acción
                </th>
                <th scope="col" className="bo-audit__heading">
                  Objeto
                </th>
                <th scope="col" className="bo-audit__heading">
                  Cambios
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Cuándo">{formatDateTime(entry.at)}</td>
                  <td data-label="Quién">
                    {entry.user ? (
                      <Link
                        href={`/audit${auditSearch({ ...filters, user_id: entry.user.id, page: undefined })}`}
                      >
                        {entry.user.username}
                      </Link>
                    ) : (
                      'Línea de comandos'
                    )}
                  </td>
                  <th scope="row" data-label="Acción">
                    {actionLabel(entry.action)}
                  </th>
                  <td data-label="Objeto">
                    <Link
                      href={`/audit${auditSearch({ object_type: entry.object_type, object_id: entry.object_id })}`}
                    >
                      {objectTypeLabel(entry.object_type)} {entry.object_id}
                    </Link>
                  </td>
                  <td data-label="Cambios">
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {meta.last_page > 1 ? (
        <Pagination
          page={meta.current_page}
          pageCount={meta.last_page}
          onPageChange={(page) => navigate(`/audit${auditSearch({ ...filters, page })}`)}
        />
      ) : null}
    </section>
  );
}
