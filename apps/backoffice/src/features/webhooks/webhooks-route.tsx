/**
 * /backoffice/integration/webhooks: where Botica tells the laboratory's ERP at once of an order
 * placed, an order cancelled and a registration requested. The admins set the endpoints (their URL,
 * events and secret, hidden until asked for), send a test, and follow the last deliveries: a failed
 * one can be sent again. The address keeps the deliveries' filter and page.
 */
import {
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  WebhookDeliveryStatusSchema,
  type WebhookEndpoint,
} from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  NativeSelect,
  Pagination,
  showToast,
} from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { IntegrationNav } from '../integration/integration-nav.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';
import { deliveryList, endpointList, refreshWebhooks, webhookCalls } from './queries.ts';
import { DELIVERY_STATUS, EVENT_LABELS, eventLabel, maskedSecret } from './webhook-form.ts';
import './webhooks.css';

interface DeliverySearch {
  status: WebhookDeliveryStatus | '';
  page: number;
}

function readSearch(params: URLSearchParams): DeliverySearch {
  const status = WebhookDeliveryStatusSchema.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  return {
    status: status.success ? status.data : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function deliveriesQuery(search: DeliverySearch): WebhookDeliveriesQuery {
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(search.page > 1 ? { page: search.page } : {}),
  };
}

function searchAddress(search: DeliverySearch, changes: Partial<DeliverySearch>): string {
  const next = { ...search, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.status) params.set('status', next.status);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params}`;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const search = readSearch(new URL(request.url).searchParams);
  return Promise.all([
    queryClient.fetchQuery(endpointList()),
    queryClient.fetchQuery(deliveryList(deliveriesQuery(search))),
  ]);
}

/** One endpoint: its URL, events, state and secret, and what an admin does with it. */
function EndpointCard({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [isSecretShown, setSecretShown] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const test = useMutation({
    mutationFn: () => webhookCalls.test(endpoint.id),
    onSuccess: () => {
      showToast({ title: 'Prueba enviada', description: endpoint.url, tone: 'success' });
      return refreshWebhooks(queryClient);
    },
    onError: reportCallError,
  });
  const titleId = `webhook-${endpoint.id}`;
  return (
    <article className="bo-webhooks__card" aria-labelledby={titleId}>
      <div className="bo-webhooks__card-head">
        <h3 id={titleId} className="bo-webhooks__url">
          {endpoint.url}
        </h3>
        <span className="bo-webhooks__badges">
          {endpoint.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
          {endpoint.failed_deliveries > 0 ? (
            <Badge tone="danger">
              {endpoint.failed_deliveries === 1
                ? '1 envío fallido'
                : `${formatCount(endpoint.failed_deliveries)} envíos fallidos`}
            </Badge>
          ) : null}
        </span>
      </div>
      {endpoint.description ? <p className="bo-webhooks__muted">{endpoint.description}</p> : null}
      <dl className="bo-webhooks__facts">
        <dt>Eventos</dt>
        <dd className="bo-webhooks__badges">
          {endpoint.events.map((event) => (
            <Badge key={event} tone="info">
              {EVENT_LABELS[event]}
            </Badge>
          ))}
        </dd>
        <dt>Secreto</dt>
        <dd className="bo-webhooks__secret">
          <code className="bo-webhooks__code">
            {isSecretShown ? endpoint.secret : maskedSecret(endpoint.secret)}
          </code>
          {isSecretShown ? null : <span className="bt-visually-hidden">(oculto)</span>}
          <Button variant="ghost" size="sm" onPress={() => setSecretShown((shown) => !shown)}>
            {isSecretShown ? 'Ocultar' : 'Mostrar'}
          </Button>
        </dd>
      </dl>
      <div className="bo-webhooks__actions">
        <Button variant="secondary" size="sm" onPress={onEdit}>
          Editar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isPending={test.isPending}
          isDisabled={!endpoint.is_active}
          onPress={() => test.mutate()}
        >
          Enviar prueba
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setConfirming('rotate')}>
          Cambiar secreto
        </Button>
        <Button variant="ghost" size="sm" onPress={() => setConfirming('delete')}>
          Eliminar
        </Button>
      </div>
      <ConfirmDialog
        title="¿Cambiar el secreto?"
        isOpen={confirming === 'rotate'}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        confirmLabel="Cambiar secreto"
        onConfirm={async () => {
          try {
            await webhookCalls.rotateSecret(endpoint.id, endpoint.version);
            setSecretShown(true);
            showToast({ title: 'Secreto cambiado', description: 'Dáselo al ERP ahora.', tone: 'success' });
          } catch (error) {
            reportCallError(error);
          }
          await refreshWebhooks(queryClient);
          return undefined;
        }}
      >
        Los avisos se firmarán desde ahora con un secreto nuevo: el ERP rechazará los que reciba hasta que
        tenga el nuevo.
      </ConfirmDialog>
      <ConfirmDialog
        title="¿Eliminar este destino?"
        isOpen={confirming === 'delete'}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        confirmLabel="Eliminar"
        isDestructive
        onConfirm={async () => {
          try {
            await webhookCalls.remove(endpoint.id);
            showToast({ title: 'Destino eliminado', description: endpoint.url, tone: 'success' });
          } catch (error) {
            reportCallError(error);
          }
          await refreshWebhooks(queryClient);
          return undefined;
        }}
      >
        {endpoint.url} dejará de recibir avisos; sus envíos pendientes no saldrán.
      </ConfirmDialog>
    </article>
  );
}

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => webhookCalls.resend(delivery.id),
    onSuccess: () => {
      showToast({ title: 'Envío repetido', description: eventLabel(delivery.event_type), tone: 'success' });
      return refreshWebhooks(queryClient);
    },
    onError: reportCallError,
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      isPending={resend.isPending}
      onPress={() => resend.mutate()}
      aria-label={`Reenviar ${eventLabel(delivery.event_type)} del ${formatDateTime(delivery.created_at)}`}
    >
      Reenviar
    </Button>
  );
}

const COLUMNS: ReadonlyArray<DataTableColumn<WebhookDelivery>> = [
  {
    id: 'event',
    header: 'Evento y destino',
    value: (row) => eventLabel(row.event_type),
    render: (row) => (
      <span className="bo-webhooks__event">
        <span>{eventLabel(row.event_type)}</span>
        <span className="bo-webhooks__muted bo-webhooks__cell-url">{row.endpoint_url}</span>
      </span>
    ),
    isRowHeader: true,
  },
  {
    id: 'created',
    header: 'Fecha',
    value: (row) => row.created_at,
    render: (row) => formatDateTime(row.created_at),
  },
  {
    id: 'status',
    header: 'Estado',
    value: (row) => DELIVERY_STATUS[row.status].label,
    render: (row) => (
      <Badge tone={DELIVERY_STATUS[row.status].tone}>{DELIVERY_STATUS[row.status].label}</Badge>
    ),
  },
  { id: 'attempts', header: 'Intentos', value: (row) => row.attempts, align: 'end' },
  {
    // The HTTP status of the last answer, or why none came.
    id: 'result',
    header: 'Última respuesta',
    value: (row) => row.last_status ?? row.last_error ?? '',
    render: (row) => (row.last_status !== null ? `HTTP ${row.last_status}` : (row.last_error ?? '—')),
  },
  {
    id: 'action',
    header: 'Acción',
    value: () => '',
    render: (row) => (row.status === 'failed' ? <ResendButton delivery={row} /> : null),
  },
];

const deliveriesCount = (total: number) => (total === 1 ? '1 envío' : `${formatCount(total)} envíos`);

export function Component() {
  useDocumentTitle('Webhooks');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const queryClient = useQueryClient();
  const { data: endpoints } = useSuspenseQuery(endpointList());
  const { data: deliveries } = useSuspenseQuery({
    ...deliveryList(deliveriesQuery(search)),
    // While some are on their way, the list follows them.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'pending') ? 3_000 : false,
  });
  // A delivery that settles may change an endpoint's count of failed ones.
  const settledKey = deliveries.data.map((row) => `${row.id}:${row.status}`).join(',');
  const seenKey = useRef(settledKey);
  useEffect(() => {
    if (seenKey.current === settledKey) return;
    seenKey.current = settledKey;
    void queryClient.invalidateQueries({ queryKey: endpointList().queryKey });
  }, [settledKey, queryClient]);
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const go = (changes: Partial<DeliverySearch>) => void navigate(searchAddress(search, changes));

  return (
    <section className="bo-webhooks" aria-labelledby="webhooks-title">
      <IntegrationNav current="/integration/webhooks" />
      <div className="bo-webhooks__head">
        <div>
          <h1 id="webhooks-title">Webhooks</h1>
          <p className="bo-webhooks__muted">
            Botica avisa al ERP del laboratorio en cuanto una farmacia hace un pedido, se cancela un pedido o
            llega una solicitud de alta. Cada aviso va firmado con el secreto de su destino.
          </p>
        </div>
        <Button onPress={() => setEditing({ endpoint: null })}>Nuevo destino</Button>
      </div>

      <section className="bo-webhooks__section" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Destinos</h2>
        {endpoints.data.length === 0 ? (
          <EmptyState
            title="Ningún destino"
            description="Añade la dirección del ERP que debe recibir los avisos."
          />
        ) : (
          <div className="bo-webhooks__cards">
            {endpoints.data.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing({ endpoint })} />
            ))}
          </div>
        )}
      </section>

      <section className="bo-webhooks__section" aria-labelledby="deliveries-title">
        <div className="bo-webhooks__head">
          <h2 id="deliveries-title">Últimos envíos</h2>
          <NativeSelect
            label="Estado"
            value={search.status}
            onChange={(status) => go({ status: status as DeliverySearch['status'] })}
            options={[
              { id: '', label: 'Todos los estados' },
              ...WebhookDeliveryStatusSchema.options.map((status) => ({
                id: status,
                label: DELIVERY_STATUS[status].label,
              })),
            ]}
          />
        </div>
        <p role="status" className="bo-webhooks__muted">
          {deliveriesCount(deliveries.meta.total)}
        </p>
        {deliveries.data.length === 0 ? (
          <EmptyState
            title={search.status ? 'Ningún envío con este estado' : 'Ningún envío todavía'}
            description="Cada pedido, cancelación o solicitud de alta aparecerá aquí con su resultado."
          />
        ) : (
          <div className="bo-webhooks__table">
            <DataTable aria-label="Últimos envíos" columns={COLUMNS} rows={deliveries.data} />
          </div>
        )}
        {deliveries.meta.last_page > 1 ? (
          <Pagination
            page={deliveries.meta.current_page}
            pageCount={deliveries.meta.last_page}
            onPageChange={(page) => go({ page })}
          />
        ) : null}
      </section>

      {editing ? <EndpointDialog endpoint={editing.endpoint} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
