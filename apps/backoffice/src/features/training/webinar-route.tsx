/**
 * /backoffice/training/webinars/:id (and /new): one webinar's form, with its start typed on Madrid's
 * wall clock, its products found by name or reference, a preview as the portal shows it, its signups
 * with their CSV, and its deletion after a confirmation. An admin edits; a sales rep reads (his
 * pharmacies' signups only). An edit made on an older version is refused by the server (409), which
 * the app's error presentation shows.
 */
import {
  type AdminWebinar,
  MAX_WEBINAR_PRODUCTS,
  type TrainingProduct,
  type WebinarSignupRow,
} from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle, useForm } from '@botica/app-shell';
import { formatDateTime, instantOfMadridWallClock } from '@botica/domain';
import {
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Form,
  Link,
  showToast,
  TextField,
} from '@botica/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { adminApi } from '../../shared/api.ts';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { savingUnlessStale } from './conflict.ts';
import { ProductPicker } from './product-picker.tsx';
import { saveWebinar, settleTraining, webinarDetail, webinarSignupList } from './queries.ts';
import { WEBINARS_PATH } from './routes.ts';
import {
  WEBINAR_FIELDS,
  type WebinarField,
  webinarProblems,
  webinarRequest,
  webinarValues,
} from './training-form.ts';
import { TrainingNav } from './training-nav.tsx';
import { PhaseBadge, WebinarPreview } from './training-parts.tsx';
import './training.css';

export async function loader({ context, params }: LoaderFunctionArgs) {
  if (params.id === undefined) return null;
  const queryClient = await queryClientOf(context);
  const [webinar] = await Promise.all([
    queryClient.fetchQuery(webinarDetail(params.id)),
    queryClient.fetchQuery(webinarSignupList(params.id)),
  ]);
  return webinar;
}

type SignupRow = WebinarSignupRow & { id: number };

const SIGNUP_COLUMNS: ReadonlyArray<DataTableColumn<SignupRow>> = [
  { id: 'pharmacy', header: 'Farmacia', value: (row) => row.pharmacy_name ?? '', isRowHeader: true },
  { id: 'user', header: 'Usuario', value: (row) => `${row.user_name} (${row.username})` },
  { id: 'email', header: 'Correo electrónico', value: (row) => row.email ?? 'Sin correo' },
  {
    id: 'date',
    header: 'Inscripción',
    value: (row) => row.signed_up_at,
    render: (row) => formatDateTime(row.signed_up_at),
  },
];

/** The instant the form's Madrid date-time names, or null while it does not read. */
function startOf(local: string): Date | null {
  return instantOfMadridWallClock(local.trim());
}

const LABELS: Record<WebinarField, { label: string; description?: string }> = {
  title: { label: 'Título' },
  topic: { label: 'Tema', description: 'La planta o el asunto, por ejemplo «Fitoterapia del sueño».' },
  summary: { label: 'Resumen' },
  description: { label: 'Descripción', description: 'Una línea en blanco separa los párrafos.' },
  speaker_name: { label: 'Ponente' },
  speaker_title: { label: 'Titulación o cargo del ponente' },
  starts_at_local: { label: 'Comienzo (hora peninsular)', description: 'Fecha y hora en Madrid.' },
  duration_minutes: { label: 'Duración (minutos)' },
  join_url: { label: 'Enlace de la sala', description: 'Empieza por https://. Solo lo ven los inscritos.' },
  recording_url: { label: 'Enlace de la grabación', description: 'Cuando el webinar se haya celebrado.' },
};

function WebinarForm({ webinar, isAdmin }: { webinar: AdminWebinar | null; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [products, setProducts] = useState<TrainingProduct[]>(webinar?.products ?? []);
  const form = useForm({
    fields: WEBINAR_FIELDS,
    initial: webinarValues(webinar),
    problemsOf: webinarProblems,
    send: (values) =>
      savingUnlessStale(async () => {
        const id = webinar === null ? undefined : String(webinar.id);
        const { data } = await saveWebinar(
          id,
          webinarRequest(
            values,
            products.map((product) => product.id),
          ),
          webinar?.version ?? 0,
        );
        await settleTraining(queryClient);
        showToast({ title: id === undefined ? 'Webinar creado' : 'Webinar guardado', tone: 'success' });
        if (id === undefined) void navigate(`${WEBINARS_PATH}/${data.id}`);
      }),
    reportError: reportCallError,
  });
  const field = (name: WebinarField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      {...form.fieldProps(name)}
      label={LABELS[name].label}
      {...(LABELS[name].description ? { description: LABELS[name].description } : {})}
      isReadOnly={!isAdmin}
      {...extra}
    />
  );
  const values = form.values;
  const minutes = Number(values.duration_minutes);
  return (
    <>
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <div className="bo-training__grid">
            {field('title', { isRequired: true })}
            {field('topic', { isRequired: true })}
            {field('speaker_name', { isRequired: true })}
            {field('speaker_title', { isRequired: true })}
            {field('starts_at_local', { type: 'datetime-local', isRequired: true })}
            {field('duration_minutes', { inputMode: 'numeric', isRequired: true })}
            {field('join_url', { type: 'url', isRequired: true })}
            {field('recording_url', { type: 'url' })}
          </div>
          {field('summary', { isMultiline: true, rows: 3, isRequired: true })}
          {field('description', { isMultiline: true, rows: 6, isRequired: true })}
          <ProductPicker
            chosen={products}
            onChange={setProducts}
            isReadOnly={!isAdmin}
            max={MAX_WEBINAR_PRODUCTS}
          />
          {isAdmin ? (
            <div className="bo-training__actions">
              <Button type="submit" isPending={form.isPending}>
                {webinar === null ? 'Crear webinar' : 'Guardar cambios'}
              </Button>
            </div>
          ) : null}
        </Form>
      </div>
      <section className="bo-training__section" aria-labelledby="preview-title">
        <h2 id="preview-title">Vista previa en el portal</h2>
        <WebinarPreview
          webinar={{
            title: values.title,
            topic: values.topic,
            summary: values.summary,
            description: values.description
              .split(/\n\s*\n/)
              .map((part) => part.trim())
              .filter(Boolean),
            speakerName: values.speaker_name,
            speakerTitle: values.speaker_title,
            startsAt: startOf(values.starts_at_local),
            durationMinutes: Number.isInteger(minutes) && minutes > 0 ? minutes : 60,
            products,
          }}
        />
      </section>
    </>
  );
}

function Signups({ webinar }: { webinar: AdminWebinar }) {
  const signups = useQuery(webinarSignupList(String(webinar.id)));
  const rows: SignupRow[] = (signups.data?.data ?? []).map((row) => ({ ...row, id: row.user_id }));
  return (
    <section className="bo-training__section" aria-labelledby="signups-title">
      <div className="bo-training__section-head">
        <h2 id="signups-title">Inscritos ({rows.length})</h2>
        <a
          className="bt-button bt-button--secondary bt-button--md"
          href={`/api/v1/admin/training/webinars/${webinar.id}/signups.csv`}
          download
        >
          Descargar CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Nadie se ha inscrito todavía" description="Los inscritos aparecen aquí." />
      ) : (
        <div className="bo-training__table">
          <DataTable aria-label="Inscritos" columns={SIGNUP_COLUMNS} rows={rows} />
        </div>
      )}
    </section>
  );
}

function DeleteWebinar({ webinar }: { webinar: AdminWebinar }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <RemoveButton
      label="Eliminar webinar"
      variant="danger"
      title="¿Eliminar este webinar?"
      confirmLabel="Eliminar"
      onConfirm={async () => {
        await adminApi.webinars.delete(String(webinar.id));
        await settleTraining(queryClient);
      }}
      done={{ title: 'Webinar eliminado' }}
      onDone={() => void navigate(WEBINARS_PATH)}
    >
      Se eliminarán «{webinar.title}» y sus {webinar.signup_count} inscripciones. Sus documentos se quedan,
      sin el webinar. No se puede deshacer.
    </RemoveButton>
  );
}

export function Component() {
  const id = useParams().id;
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const webinar = useQuery({ ...webinarDetail(id ?? ''), enabled: id !== undefined }).data?.data ?? null;
  useDocumentTitle(id === undefined ? 'Nuevo webinar' : (webinar?.title ?? 'Webinar'));
  if (id !== undefined && webinar === null) return null;
  return (
    <section className="bo-training" aria-labelledby="webinar-title">
      <TrainingNav current="/training/webinars" />
      <p className="bo-training__back">
        <Link href={WEBINARS_PATH} variant="standalone">
          Volver a los webinars
        </Link>
      </p>
      <div className="bo-training__head">
        <h1 id="webinar-title">{webinar === null ? 'Nuevo webinar' : webinar.title}</h1>
        {webinar === null ? null : <PhaseBadge phase={webinar.phase} />}
        {webinar !== null && isAdmin ? <DeleteWebinar webinar={webinar} /> : null}
      </div>
      {/* A new address (another webinar, or the saved new one) starts the form from its data. */}
      <WebinarForm
        key={`${webinar?.id ?? 'new'}-${webinar?.version ?? 0}`}
        webinar={webinar}
        isAdmin={isAdmin}
      />
      {webinar === null ? null : <Signups webinar={webinar} />}
    </section>
  );
}
