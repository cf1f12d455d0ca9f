/**
 * /backoffice/integration/keys: the machine clients' API keys, newest first: each one's prefix,
 * scopes, rate, last use and last day of calls, active or revoked. An admin creates one here (its
 * secret shown once, in the dialog), revokes one after confirming, and opens a key's calls.
 */
import type { AdminApiKey } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDateTime } from '@botica/domain';
import { Badge, Button, DataTable, type DataTableColumn, Link } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { IntegrationNav } from './integration-nav.tsx';
import { callsText, failedText, lastUse, rateText, SCOPE_LABELS, shownPrefix } from './key-texts.ts';
import { NewKeyDialog } from './new-key-dialog.tsx';
import { apiKeyList, revokeKeyMutation } from './queries.ts';
import './integration.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(apiKeyList());
}

function Scopes({ apiKey }: { apiKey: AdminApiKey }) {
  return (
    <ul className="bo-integration__scopes" aria-label="Permisos">
      {apiKey.scopes.map((scope) => (
        <li key={scope}>
          <Badge tone="info">{SCOPE_LABELS[scope]}</Badge>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminApiKey>> = [
  {
    id: 'name',
    header: 'Nombre',
    value: (row) => row.name,
    render: (row) => (
      <span className="bo-integration__name">
        <span>{row.name}</span>
        <code className="bo-integration__prefix">{shownPrefix(row)}</code>
        <span className="bo-integration__muted">
          Creada el {formatDateTime(row.created_at)}
          {row.created_by ? ` por ${row.created_by}` : ' desde la línea de comandos'}
        </span>
      </span>
    ),
    isRowHeader: true,
  },
  {
    id: 'scopes',
    header: 'Permisos y límite',
    value: () => null,
    render: (row) => (
      <span className="bo-integration__name">
        <Scopes apiKey={row} />
        <span className="bo-integration__muted">{rateText(row.rate_per_minute)}</span>
      </span>
    ),
  },
  {
    id: 'use',
    header: 'Uso',
    value: (row) => row.last_used_at,
    render: (row) => (
      <span className="bo-integration__name">
        <span>Último uso: {lastUse(row)}</span>
        <span className="bo-integration__muted">
          Últimas 24 h: {callsText(row.calls_24h)} ·{' '}
          <span className={row.failed_24h > 0 ? 'bo-integration__failed' : undefined}>
            {failedText(row.failed_24h)}
          </span>
        </span>
      </span>
    ),
  },
  {
    id: 'state',
    header: 'Estado',
    value: (row) => row.revoked_at,
    render: (row) =>
      row.revoked_at === null ? (
        <Badge tone="success">Activa</Badge>
      ) : (
        <span className="bo-integration__name">
          <Badge tone="neutral">Revocada</Badge>
          <span className="bo-integration__muted">
            {formatDateTime(row.revoked_at)}
            {row.revoked_by ? ` por ${row.revoked_by}` : ''}
          </span>
        </span>
      ),
  },
  {
    id: 'actions',
    header: 'Acciones',
    value: () => null,
    render: (row) => (
      <span className="bo-integration__actions">
        <Link
          href={`/integration/keys/${row.id}`}
          variant="standalone"
          aria-label={`Llamadas de ${row.name}`}
        >
          Llamadas
        </Link>
        {row.revoked_at === null ? <RevokeKey apiKey={row} /> : null}
      </span>
    ),
  },
];

function RevokeKey({ apiKey }: { apiKey: AdminApiKey }) {
  const revoke = useMutation(revokeKeyMutation(useQueryClient()));
  return (
    <RemoveButton
      label="Revocar"
      aria-label={`Revocar ${apiKey.name}`}
      size="sm"
      title={`¿Revocar la clave «${apiKey.name}»?`}
      confirmLabel="Revocar la clave"
      cancelLabel="Volver"
      onConfirm={() => revoke.mutateAsync(apiKey.id)}
      done={{ title: 'Clave revocada', description: apiKey.name }}
    >
      <p>
        La clave {shownPrefix(apiKey)} dejará de funcionar en cuanto la revoques: la próxima llamada de quien
        la use recibirá un error 401. No se puede deshacer; si hace falta, crea una clave nueva.
      </p>
    </RemoveButton>
  );
}

export function Component() {
  useDocumentTitle('Claves de API');
  const { data } = useSuspenseQuery(apiKeyList());
  const [isCreating, setCreating] = useState(false);
  return (
    <section className="bo-integration" aria-labelledby="keys-title">
      <IntegrationNav current="/integration/keys" />
      <div className="bo-integration__head">
        <h1 id="keys-title">Claves de API</h1>
        <Button onPress={() => setCreating(true)}>Nueva clave</Button>
      </div>
      <p className="bo-integration__muted">
        Las claves con las que el ERP del laboratorio y otros programas llaman a la API de integración. Cada
        llamada queda registrada; revoca una clave que ya no se use.
      </p>
      <DataTable
        aria-label="Claves de API"
        columns={COLUMNS}
        rows={data.data}
        emptyMessage="Todavía no hay claves. Crea una con «Nueva clave»."
      />
      {isCreating ? <NewKeyDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
